import { limitFamilyPaths, scenarioPaths } from './openapi-more-paths'
import { OPERATOR_REQUEST_SCHEMAS, QUOTA_QUERY } from './openapi-operator-schemas'
import { OPENAPI_SCHEMAS } from './openapi-schemas'

const json = (schema: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } })
const quotaHeaders = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
}
const apiError = (description: string) => ({ description, headers: quotaHeaders, content: json('ApiError') })
const tooMany = {
  description: 'Rate limit exceeded (section 8); body per 2.6',
  headers: { ...quotaHeaders, 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
  content: json('ApiError'),
}
const adminOk = (schema: string | { type: string; items?: unknown }, summary: string, extra: Record<string, unknown> = {}) => ({
  summary,
  tags: ['operator'],
  security: [{ adminToken: [] }],
  ...extra,
  responses: {
    '200': {
      description: 'OK',
      content: {
        'application/json': { schema: typeof schema === 'string' ? { $ref: `#/components/schemas/${schema}` } : schema },
      },
    },
    '400': { description: 'Bad operator request', content: json('ApiError') },
    '401': { description: 'Missing or wrong x-sandbox-admin-token', content: json('ApiError') },
  },
})
const formBody = (properties: Record<string, unknown>) => ({
  requestBody: { content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties } } } },
})
const TOKEN_EXAMPLES = {
  authorization_code: {
    value: {
      grant_type: 'authorization_code',
      code: 'sbx_ac_example',
      redirect_uri: 'http://127.0.0.1:8765/callback',
      client_id: 'demo-partner-app',
      client_secret: 'demo-secret',
    },
  },
  refresh_token: {
    value: { grant_type: 'refresh_token', refresh_token: 'sbx_rt_example', client_id: 'demo-partner-app', client_secret: 'demo-secret' },
  },
}
const PAGE = {
  name: 'page',
  in: 'query',
  required: false,
  description:
    'A whole number from 1 (400 otherwise); with paging on (locationsPageSize) it picks the page, without it every page is the whole list.',
  schema: { type: 'integer', minimum: 1, maximum: 999_999 },
  example: 1,
}
const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } })
const redirect = (description: string) => ({ description, headers: { Location: { schema: { type: 'string' } } } })

/**
 * The OpenAPI 3.1 description of the whole sandbox: the public API of the spec, the HTML steps of
 * the authorize flow and the operator API. Built per instance because the signed prefix varies.
 */
export function buildOpenApiDocument(serverUrl: string, signedPathPrefix: string, maxRangeDays = 31) {
  const s = { type: 'string' }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Partner Integration Access API — sandbox',
      version: '1.0.0',
      description: 'Local, independent implementation of the Partner Integration Access API plus an operator API. See docs/sandbox.md.',
    },
    servers: [{ url: serverUrl }],
    tags: [{ name: 'oauth' }, { name: 'partner' }, { name: 'signed' }, { name: 'operator' }],
    paths: {
      '/oauth2/authorize/': {
        get: {
          tags: ['oauth'],
          summary: 'Authorize (4.1): login page, or an immediate redirect with autoConsent',
          parameters: ['client_id', 'redirect_uri', 'response_type', 'state'].map(name => ({
            name,
            in: 'query',
            required: name !== 'state',
            schema: s,
          })),
          responses: {
            '200': html('Login page'),
            '302': redirect('Redirect to redirect_uri (autoConsent, or a response_type error)'),
            '400': html('Unknown client or redirect_uri mismatch: error page, never a redirect'),
          },
        },
      },
      '/oauth2/authorize/login': {
        post: {
          tags: ['oauth'],
          summary: 'Login form post',
          ...formBody({ pending: s, csrf: s, username: s, password: s }),
          responses: { '200': html('Consent page'), '400': html('Expired or tampered form'), '401': html('Wrong login') },
        },
      },
      '/oauth2/authorize/decision': {
        post: {
          tags: ['oauth'],
          summary: 'Consent form post (Allow / Deny)',
          ...formBody({ pending: s, csrf: s, decision: { enum: ['allow', 'deny'] } }),
          responses: { '302': redirect('Redirect with code (+state) or error=access_denied (+state)'), '400': html('Bad form') },
        },
      },
      '/oauth2/token/': {
        post: {
          tags: ['oauth'],
          summary: 'Token (4.2 authorization_code, 4.3 refresh_token)',
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/TokenRequest' }, examples: TOKEN_EXAMPLES },
              'application/x-www-form-urlencoded': { schema: { $ref: '#/components/schemas/TokenRequest' } },
            },
          },
          responses: {
            '200': {
              description: 'Tokens (Cache-Control: no-store)',
              headers: quotaHeaders,
              content: {
                'application/json': {
                  schema: {
                    oneOf: [{ $ref: '#/components/schemas/TokenResponse' }, { $ref: '#/components/schemas/RefreshTokenResponse' }],
                  },
                },
              },
            },
            '400': { description: 'invalid_request, invalid_grant, unsupported_grant_type', content: json('OAuthError') },
            '401': { description: 'invalid_client', content: json('OAuthError') },
            '429': tooMany,
          },
        },
      },
      '/marketplace/v2/platform-token/locations': {
        get: {
          tags: ['partner'],
          summary: 'Eligible locations (4.4); requires read:locations',
          security: [{ bearer: [] }],
          parameters: [PAGE],
          responses: {
            '200': { description: 'Locations', headers: quotaHeaders, content: json('LocationList') },
            '401': apiError('Missing, unknown, revoked or expired token'),
            '403': apiError('Permission read:locations not granted'),
            '429': tooMany,
          },
        },
      },
      '/marketplace/v2/platform-token/installations': {
        post: {
          tags: ['partner'],
          summary: 'Install the integration at a location (4.5); requires write:installations',
          security: [{ bearer: [] }],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/InstallRequest' }, example: { locationId: 101001 } } },
          },
          responses: {
            '204': { description: 'Installed (also when already installed)', headers: quotaHeaders },
            '400': apiError('Malformed body or locationId'),
            '401': apiError('Bad token'),
            '403': apiError('Permission write:installations not granted'),
            '415': apiError('Content-Type is not application/json'),
            '422': apiError('Unknown or ineligible location'),
            '429': tooMany,
          },
        },
      },
      '/api/v1/locations/': {
        get: {
          tags: ['partner'],
          summary: 'The 4.7 example endpoint: same answer as 4.4',
          security: [{ bearer: [] }],
          parameters: [PAGE],
          responses: {
            '200': { description: 'Locations', headers: quotaHeaders, content: json('LocationList') },
            '401': apiError('Bad token'),
            '403': apiError('Permission read:locations not granted'),
            '429': tooMany,
          },
        },
      },
      [`${signedPathPrefix}/{location_id}/tickets`]: {
        get: {
          tags: ['signed'],
          summary: 'Export tickets (4.6), HMAC-signed per 5.2',
          security: [{ hmacAccessKey: [], hmacTimestamp: [], hmacSignature: [] }],
          parameters: [
            { name: 'location_id', in: 'path', required: true, schema: { type: 'integer' } },
            {
              name: 'filter[dateTimeFrom]',
              in: 'query',
              required: true,
              description: `First day, YYYY-MM-DD; not after filter[dateTimeTo]; the range spans at most ${maxRangeDays} days, both ends included (400 otherwise).`,
              schema: { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
              example: '2025-02-01',
            },
            {
              name: 'filter[dateTimeTo]',
              in: 'query',
              required: true,
              description: 'Last day, YYYY-MM-DD, included.',
              schema: { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
              example: '2025-02-03',
            },
          ],
          responses: {
            '200': { description: 'Tickets', headers: quotaHeaders, content: json('TicketExport') },
            '400': apiError(`Bad date filters: missing, not YYYY-MM-DD, from after to, or more than ${maxRangeDays} days`),
            '401': apiError('Signature check failed; details[0].check names it'),
            '403': apiError('Not installed (exportRequiresInstallation)'),
            '404': apiError('Unknown location'),
            '429': tooMany,
          },
        },
      },
      '/_sandbox/openapi.json': {
        get: { tags: ['operator'], summary: 'This document (no admin token needed)', responses: { '200': { description: 'OpenAPI 3.1' } } },
      },
      '/_sandbox/state': { get: adminOk('SandboxState', 'Clock, limits, quota usage, faults, tokens (fingerprints), installations') },
      '/_sandbox/clock': {
        post: adminOk('ClockView', 'Move the sandbox clock', {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ClockRequest' },
                examples: {
                  advance: { value: { advanceSeconds: 86400 } },
                  set: { value: { set: '2026-01-01T00:00:00Z' } },
                  reset: { value: { reset: true } },
                },
              },
            },
          },
        }),
      },
      '/_sandbox/tokens/expire': {
        post: adminOk({ type: 'object' }, 'Expire one token, or every access token', { requestBody: { content: json('ExpireRequest') } }),
      },
      '/_sandbox/tokens/revoke': {
        post: adminOk({ type: 'object' }, 'Revoke one token, or all', {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/RevokeRequest' },
                examples: { one: { value: { token: 'sbx_at_example' } }, all: { value: { all: true } } },
              },
            },
          },
        }),
      },
      '/_sandbox/quotas': { get: adminOk({ type: 'object' }, 'Limits and per-key usage') },
      '/_sandbox/quotas/effective': {
        get: adminOk({ type: 'object' }, 'The limit in force for a method and path', {
          parameters: [
            { name: 'method', in: 'query', schema: QUOTA_QUERY.method },
            { name: 'path', in: 'query', required: true, schema: QUOTA_QUERY.path, example: '/api/v1/locations' },
          ],
        }),
      },
      '/_sandbox/quotas/reset': { post: adminOk({ type: 'object' }, 'Forget every counted request') },
      '/_sandbox/quotas/limit': {
        post: adminOk('Limits', 'Set the default limit, a per-path limit, or the window', {
          requestBody: { required: true, content: json('LimitRequest') },
        }),
      },
      '/_sandbox/faults': {
        get: adminOk({ type: 'array', items: { $ref: '#/components/schemas/Fault' } }, 'Active faults'),
        post: adminOk({ type: 'array', items: { $ref: '#/components/schemas/Fault' } }, 'Inject a fault', {
          requestBody: { required: true, content: json('FaultRequest') },
        }),
        delete: adminOk({ type: 'array', items: { $ref: '#/components/schemas/Fault' } }, 'Clear every fault'),
      },
      '/_sandbox/installations': {
        get: adminOk({ type: 'array', items: { $ref: '#/components/schemas/Installation' } }, 'Recorded installations'),
        delete: adminOk({ type: 'array', items: { $ref: '#/components/schemas/Installation' } }, 'Forget every installation'),
      },
      '/_sandbox/clients': {
        get: adminOk({ type: 'array', items: { $ref: '#/components/schemas/Client' } }, 'Registered clients (secrets omitted)'),
        post: adminOk('Client', 'Register or replace a client', { requestBody: { required: true, content: json('ClientRequest') } }),
      },
      ...scenarioPaths(adminOk),
      ...limitFamilyPaths(apiError, tooMany),
    },
    components: {
      schemas: { ...OPENAPI_SCHEMAS, ...OPERATOR_REQUEST_SCHEMAS },
      headers: {
        'X-RateLimit-Limit': {
          description: 'Maximum requests in the window for this client, method and path',
          schema: { type: 'integer' },
        },
        'X-RateLimit-Remaining': { description: 'Requests left in the window', schema: { type: 'integer' } },
        'Retry-After': { description: 'Seconds until the oldest counted request leaves the window', schema: { type: 'integer' } },
      },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Access token from /oauth2/token/' },
        hmacAccessKey: { type: 'apiKey', in: 'header', name: 'x-access-key' },
        hmacTimestamp: { type: 'apiKey', in: 'header', name: 'x-timestamp' },
        hmacSignature: { type: 'apiKey', in: 'header', name: 'x-signature' },
        adminToken: { type: 'apiKey', in: 'header', name: 'x-sandbox-admin-token' },
      },
    },
  }
}
