/**
 * Every rule the doctor judges, each tied to the section of the spec (shared/spec/partner-integration-access-api.md)
 * that states it. One definition: the judges, the reports and docs/doctor.md all name rules by these ids.
 */
export const RULES = {
  'signing.signature': {
    section: '5.2',
    title: 'Signature correct',
    passes: 'x-signature is the hex HMAC-SHA256 of client_id + METHOD + lowercased path + body + timestamp, keyed with the secret.',
  },
  'signing.access-key': {
    section: '5.2',
    title: 'x-access-key is the client id',
    passes: 'x-access-key carries the environment’s client_id.',
  },
  'signing.timestamp-seconds': {
    section: '5.2',
    title: 'Timestamp in whole seconds',
    passes: 'x-timestamp (and the signed timestamp) is Unix time in whole seconds.',
  },
  'signing.timestamp-skew': {
    section: '5.2, 8',
    title: 'Timestamp within 10 s of the server',
    passes: 'x-timestamp is within 10 s of the server’s clock, judged against the response’s Date.',
  },
  'signing.fresh-signature': {
    section: '5.2',
    title: 'A fresh signature per request',
    passes: 'No x-signature is sent twice.',
  },
  'signing.body': {
    section: '5.2',
    title: 'Body signed byte for byte',
    passes: 'The signed body is the body sent, byte for byte (the empty string when there is none).',
  },
  'tokens.auth-scheme': {
    section: '4.4–4.6, 5.1',
    title: 'Bearer on bearer endpoints only, HMAC on signed ones',
    passes: 'Locations and installations carry Authorization: Bearer; the export carries the three x- headers and no bearer.',
  },
  'tokens.refresh-on-expiry': {
    section: '3, 5.1, 7',
    title: 'An expired token is refreshed and the call retried once',
    passes: 'After a 401, the client uses the refresh_token grant (not a new authorization) and retries the call once.',
  },
  'tokens.single-refresh': {
    section: '3, 5.1',
    title: 'Concurrent 401s cause one refresh',
    passes: 'However many calls fail with 401 at once, one refresh grant is sent.',
  },
  'tokens.refresh-response': {
    section: '2.4, 4.3',
    title: 'The refresh response without expiration is handled',
    passes: 'After a refresh grant (whose answer has no `expiration`), calls use the new access token.',
  },
  'tokens.no-secret-in-url': {
    section: '5.1, 5.2',
    title: 'No token or secret in a URL',
    passes: 'No access token, refresh token or client secret appears in a path or query string.',
  },
  'authorization.state': {
    section: '4.1',
    title: '`state` present, unpredictable, new per attempt',
    passes: 'Each authorize request carries a random `state` of at least 16 characters, never repeated.',
  },
  'authorization.redirect-uri': {
    section: '4.1, 4.2, 5.1',
    title: '`redirect_uri` identical everywhere',
    passes: 'The authorize and token requests send the same redirect_uri, equal to the registered one.',
  },
  'authorization.code-once': {
    section: '2.2, 4.2',
    title: 'A code is exchanged once',
    passes: 'Each authorization code appears in one token request only.',
  },
  'authorization.response-type': {
    section: '4.1',
    title: '`response_type=code`',
    passes: 'Every authorize request sends response_type=code.',
  },
  'limits.retry-after': {
    section: '7, 8',
    title: 'Nothing sent before Retry-After',
    passes: 'After a 429, nothing is sent on that (client, method, path) before Retry-After seconds (60 when absent).',
  },
  'limits.backoff': {
    section: '7',
    title: 'Repeated 429s back off exponentially with jitter',
    passes: 'Each wait after another 429 on the same path is longer than the one before, and not a fixed multiple.',
  },
  'limits.pace': {
    section: '8',
    title: 'Pace within the window',
    passes: 'Per (client, method, path), the pace stays under the limit of its 60-minute window (100 by default).',
  },
  'requests.json-content-type': {
    section: '4.2, 4.3, 4.5',
    title: 'JSON bodies say Content-Type: application/json',
    passes: 'Every JSON body is sent with Content-Type: application/json.',
  },
  'requests.location-id': {
    section: '4.4, 4.5',
    title: '`locationId` an integer taken from a listing',
    passes: 'The install body’s locationId is a JSON integer that a locations listing returned.',
  },
  'requests.export-dates': {
    section: '4.6',
    title: 'Export dates in YYYY-MM-DD',
    passes: 'filter[dateTimeFrom] and filter[dateTimeTo] are both present, real dates in YYYY-MM-DD form.',
  },
  'requests.https': {
    section: '1, 5.1',
    title: 'HTTPS to every non-loopback host',
    passes: 'Requests and redirect URIs use https://, except to loopback hosts (127.0.0.0/8, ::1, localhost).',
  },
} as const satisfies Record<string, { section: string; title: string; passes: string }>

export type RuleId = keyof typeof RULES

/** The rule ids in the order the scorecard lists them. */
export const RULE_IDS = Object.keys(RULES) as RuleId[]
