import type { SectionId } from '../../frame/section-list'

/** One step of the flow as a presenter walks the audience through it: where it happens and the spec's words for it. */
interface PresenterStep {
  title: string
  /** The spec section the words come from. */
  spec: string
  /** The spec's own words for the step (docs: spec/partner-integration-access-api.md). */
  words: string
  section: SectionId
}

/** The flow of docs/api.md#endpoints, in the order a demo shows it. */
export const PRESENTER_STEPS: readonly PresenterStep[] = [
  {
    title: 'The client and its environment',
    spec: '2.1',
    words: 'Client credentials are issued at onboarding, outside this API: a client_id and a client_secret, and a registered callback URL.',
    section: 'environments',
  },
  {
    title: 'Authorize',
    spec: '4.1',
    words:
      'GET {auth_url}/oauth2/authorize/ with client_id, redirect_uri and response_type=code. The merchant sees a login screen, then a permissions form listing requested permissions, with Allow and Deny.',
    section: 'consent',
  },
  {
    title: 'The redirect',
    spec: '4.1',
    words:
      'Result in both cases: redirect to redirect_uri with ?code=<authorization_code> (allow) or ?error=access_denied (deny). An optional state parameter is recommended to prevent CSRF; the client validates it on the callback.',
    section: 'consent',
  },
  {
    title: 'Exchange the code for tokens',
    spec: '4.2',
    words:
      'POST {auth_url}/oauth2/token/ with grant_type authorization_code, code, redirect_uri, client_id and client_secret; no bearer header. Response: the token response.',
    section: 'tokens',
  },
  {
    title: 'Retrieve eligible locations',
    spec: '4.4',
    words:
      'GET {base_url}/marketplace/v2/platform-token/locations with Authorization: Bearer <ACCESS_TOKEN>. Returns all locations where the merchant can install the integration. Requires the read permission for locations.',
    section: 'locations',
  },
  {
    title: 'Install the integration',
    spec: '4.5',
    words:
      'POST {base_url}/marketplace/v2/platform-token/installations with a locationId. Response: 204 No Content on success. The merchant must have granted the write permission for installations; the bearer token is validated before the install is performed.',
    section: 'locations',
  },
  {
    title: 'Export tickets, signed',
    spec: '4.6 and 5.2',
    words:
      'GET {base_url}/api/v1/export/<location_id>/tickets with x-access-key, x-timestamp and x-signature. Concatenate, in this order and without separators: client_id; HTTP method in uppercase; request path in lowercase; full request body; timestamp. Compute HMAC-SHA256 with client_secret as key. A signature lives 10 seconds.',
    section: 'export',
  },
  {
    title: 'Rate limits',
    spec: '8',
    words:
      'The counting key is: client identifier, HTTP method and resource path. 100 requests per 60-minute window. Every response carries X-RateLimit-Limit and X-RateLimit-Remaining; Retry-After is added when the limit is exceeded.',
    section: 'quotas',
  },
  {
    title: 'Refresh',
    spec: '4.3',
    words:
      'Access tokens expire after 24 hours; an expired token yields 401. The client then uses the refresh grant: POST {auth_url}/oauth2/token/ with grant_type refresh_token, refresh_token, client_id and client_secret.',
    section: 'tokens',
  },
]
