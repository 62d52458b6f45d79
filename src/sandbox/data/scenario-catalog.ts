/** One named preset that puts the sandbox into a state a merchant reports. */
export interface ScenarioInfo {
  name: string
  title: string
  /** What the preset changes in the sandbox. */
  effect: string
  /** What a client of the API (the console) sees while it is active. */
  clientSees: string
  /** How to handle it on the partner's side. */
  partnerFix: string
}

/**
 * The scenarios, in the order the operator API, the CLI help and docs/sandbox.md list them. Text only: the effects
 * are applied by ScenarioController.
 */
export const SCENARIOS: readonly ScenarioInfo[] = [
  {
    name: 'access-token-expired',
    title: 'Access token expired',
    effect: 'Every access token expires now, and the access token of each new code exchange is already expired on the server.',
    clientSees: 'A 401 invalid_token "Access token expired at …" on the first bearer call; the refresh_token grant then succeeds.',
    partnerFix: 'On a 401 invalid_token, use the refresh_token grant once and retry once; do not trust expiration alone.',
  },
  {
    name: 'refresh-token-revoked',
    title: 'Refresh token revoked',
    effect: 'Access tokens expire and refresh tokens are revoked now, and those of each new code exchange too.',
    clientSees: 'A 401 on the bearer call, then 400 invalid_grant "refresh token has been revoked" on the refresh.',
    partnerFix: 'Treat invalid_grant on refresh as "the merchant must authorize again": send them through the authorize URL.',
  },
  {
    name: 'clock-ahead-30s',
    title: 'Server clock 30 s ahead',
    effect: 'The sandbox clock moves 30 s ahead of the machine: Date headers and signature checks use it.',
    clientSees: 'A skew of about +30 s from the Date headers; a signature stamped with local time is refused as too old (401).',
    partnerFix: 'Sync the clock (NTP), or sign with the server time estimated from Date headers; the window is 10 s.',
  },
  {
    name: 'clock-behind-30s',
    title: 'Server clock 30 s behind',
    effect: 'The sandbox clock moves 30 s behind the machine.',
    clientSees: 'A skew of about −30 s; a signature stamped with local time is refused as being in the future (401).',
    partnerFix: 'Sync the clock (NTP), or sign with the server time estimated from Date headers.',
  },
  {
    name: 'quota-exhausted',
    title: 'Quota exhausted',
    effect: 'Every client has used its whole window for the locations list and the installation (100 per hour by default).',
    clientSees: '429 Too Many Requests with Retry-After (seconds until the oldest counted call leaves the window), Remaining 0.',
    partnerFix: 'Honour Retry-After before calling again; spread calls over the window and count your own calls per key.',
  },
  {
    name: 'redirect-uri-mismatch',
    title: 'Redirect URI mismatch',
    effect: 'Each client’s registered redirect URIs gain a trailing slash, so the URI the client sends no longer matches.',
    clientSees: 'The authorize page answers 400 "redirect_uri mismatch" with the sent and the registered URI; no redirect happens.',
    partnerFix: 'Send the redirect_uri exactly as registered, byte for byte (scheme, host, port, path, trailing slash).',
  },
  {
    name: 'partial-consent',
    title: 'Merchant granted only read:locations',
    effect: 'The consent page offers write:installations unticked, and auto-consent grants read:locations only.',
    clientSees: 'The token lists read:locations only; the install answers 403 "Missing permission write:installations".',
    partnerFix: 'Read the granted permissions from the token response and ask the merchant to authorize again with both.',
  },
  {
    name: 'flaky-503',
    title: 'Flaky 503s',
    effect: 'Every other call to the partner API (/marketplace/**, /api/**) answers 503, starting with the next one.',
    clientSees: 'A 503 Service Unavailable; the same call succeeds when repeated.',
    partnerFix: 'Retry idempotent calls (GET, and the idempotent install) with backoff; show the merchant a retry, not a failure.',
  },
  {
    name: 'slow-responses',
    title: 'Slow responses',
    effect: 'Every call to the sandbox (authorize, token and API) waits 2.5 s before it is answered.',
    clientSees: 'Long waits: the wait phase of each exchange in the network log is about 2.5 s.',
    partnerFix: 'Set timeouts above the slowest expected answer, show progress, and never repeat a call only because it is slow.',
  },
] as const

/** The scenario with this name, or undefined. */
export function findScenario(name: string): ScenarioInfo | undefined {
  return SCENARIOS.find(s => s.name === name)
}

/** "a, b, c": the names, for error messages and help. */
export function scenarioNames(): string {
  return SCENARIOS.map(s => s.name).join(', ')
}
