/** JSON Schemas (2020-12, as OpenAPI 3.1 uses them) of every body the sandbox sends or accepts. */

const str = { type: 'string' }
/** A string the sandbox refuses when empty (it treats "" as missing). */
const text = { type: 'string', minLength: 1 }
const int = { type: 'integer' }
const isoDateTime = { type: 'string', format: 'date-time' }
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })

export const OPENAPI_SCHEMAS = {
  ApiError: {
    type: 'object',
    description: 'Error body for every status other than OAuth errors (the 2.6 shape, reused).',
    required: ['status', 'timestamp', 'message', 'details'],
    properties: { status: int, timestamp: isoDateTime, message: str, details: { type: 'array' } },
  },
  OAuthError: {
    type: 'object',
    required: ['error', 'error_description'],
    properties: {
      error: { enum: ['invalid_request', 'invalid_client', 'invalid_grant', 'unsupported_grant_type'] },
      error_description: str,
    },
  },
  TokenRequest: {
    description:
      'JSON (the spec, 4.2/4.3) or a form (RFC 6749). client_id/client_secret in the body or HTTP Basic. Empty strings count as missing.',
    oneOf: [
      {
        type: 'object',
        title: 'authorization_code (4.2)',
        required: ['grant_type', 'code', 'redirect_uri'],
        properties: {
          grant_type: { const: 'authorization_code' },
          code: text,
          redirect_uri: text,
          code_verifier: { type: 'string', minLength: 43, maxLength: 128 },
          client_id: text,
          client_secret: text,
        },
      },
      {
        type: 'object',
        title: 'refresh_token (4.3)',
        required: ['grant_type', 'refresh_token'],
        properties: { grant_type: { const: 'refresh_token' }, refresh_token: text, client_id: text, client_secret: text },
      },
    ],
  },
  TokenResponse: {
    type: 'object',
    required: ['access_token', 'refresh_token', 'permissions', 'expiration', 'token_type'],
    properties: {
      access_token: str,
      refresh_token: str,
      permissions: { type: 'array', items: str },
      expiration: int,
      token_type: { const: 'Bearer' },
    },
  },
  RefreshTokenResponse: {
    type: 'object',
    required: ['access_token', 'refresh_token', 'permissions', 'token_type'],
    not: { required: ['expiration'] },
    properties: {
      access_token: str,
      refresh_token: str,
      permissions: { type: 'array', items: str },
      token_type: { const: 'Bearer' },
    },
  },
  Location: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'name', 'timeZone', 'merchantId', 'countryCode', 'currency', 'language', 'brandRef', 'address'],
    properties: {
      id: int,
      name: str,
      timeZone: { type: 'string', pattern: '^[A-Za-z_]+/[A-Za-z_/]+$' },
      merchantId: str,
      countryCode: { type: 'string', pattern: '^[A-Z]{2}$' },
      currency: { type: 'string', pattern: '^[A-Z]{3}$' },
      language: { type: 'string', pattern: '^[a-z]{2}$' },
      brandRef: str,
      address: {
        type: 'object',
        required: ['street', 'city', 'state', 'zipCode'],
        properties: { street: str, city: str, state: str, zipCode: str },
      },
    },
  },
  LocationList: {
    type: 'object',
    required: ['results', 'meta'],
    properties: {
      results: { type: 'array', items: ref('Location') },
      meta: {
        type: 'object',
        description: 'Empty unless paging is switched on (locationsPageSize).',
        properties: { page: int, pageSize: int, totalResults: int, totalPages: int },
      },
    },
  },
  InstallRequest: {
    type: 'object',
    required: ['locationId'],
    properties: { locationId: { type: 'integer', description: 'An eligible location of the token’s merchant (else 422).' } },
  },
  Ticket: {
    type: 'object',
    required: ['id', 'locationId', 'businessDate', 'number', 'status', 'openedAt', 'closedAt', 'currency', 'lines', 'total', 'payments'],
    properties: {
      id: str,
      locationId: int,
      businessDate: { type: 'string', format: 'date' },
      number: int,
      status: { const: 'closed' },
      openedAt: isoDateTime,
      closedAt: isoDateTime,
      tableName: str,
      covers: int,
      staffName: str,
      currency: str,
      lines: {
        type: 'array',
        items: {
          type: 'object',
          required: ['sku', 'name', 'quantity', 'unitPrice', 'total'],
          properties: { sku: str, name: str, quantity: int, unitPrice: str, total: str },
        },
      },
      subtotal: str,
      taxIncluded: str,
      total: { type: 'string', description: 'Decimal string in the currency, e.g. "12.50" (JPY: no decimals).' },
      payments: {
        type: 'array',
        items: { type: 'object', required: ['method', 'amount'], properties: { method: str, amount: str } },
      },
    },
  },
  TicketExport: {
    type: 'object',
    required: ['results', 'meta'],
    properties: {
      results: { type: 'array', items: ref('Ticket') },
      meta: {
        type: 'object',
        required: ['locationId', 'timeZone', 'currency', 'dateTimeFrom', 'dateTimeTo', 'count'],
        properties: { locationId: int, timeZone: str, currency: str, dateTimeFrom: str, dateTimeTo: str, count: int },
      },
    },
  },
  ClockView: {
    type: 'object',
    required: ['now', 'clockOffsetSeconds'],
    properties: { now: isoDateTime, clockOffsetSeconds: { type: 'number' } },
  },
  Limits: {
    type: 'object',
    required: ['defaultPerWindow', 'windowSeconds', 'overrides'],
    properties: {
      defaultPerWindow: int,
      windowSeconds: int,
      overrides: {
        type: 'array',
        items: {
          type: 'object',
          required: ['pathPattern', 'limit', 'source'],
          properties: { pathPattern: str, method: str, limit: int, source: { enum: ['operator', 'options', 'spec'] } },
        },
      },
    },
  },
  Fault: {
    type: 'object',
    required: ['path'],
    properties: { id: int, path: str, method: str, latencyMs: int, status: int, drop: { type: 'boolean' }, times: int, remaining: int },
  },
  TokenView: {
    type: 'object',
    required: ['fingerprint', 'clientId', 'merchantId', 'kind', 'revoked'],
    properties: {
      fingerprint: { type: 'string', pattern: '^[0-9a-f]{8}$' },
      clientId: str,
      merchantId: str,
      kind: { enum: ['access', 'refresh'] },
      permissions: { type: 'array', items: str },
      issuedAt: isoDateTime,
      expiresAt: isoDateTime,
      expired: { type: 'boolean' },
      revoked: { type: 'boolean' },
    },
  },
  Installation: {
    type: 'object',
    required: ['locationId', 'clientId', 'merchantId', 'installedAt'],
    properties: { locationId: int, clientId: str, merchantId: str, installedAt: isoDateTime },
  },
  Client: {
    type: 'object',
    required: ['clientId', 'redirectUris'],
    properties: {
      clientId: str,
      clientSecret: { type: 'string', writeOnly: true },
      name: str,
      redirectUris: { type: 'array', items: str },
      permissions: { type: 'array', items: str },
    },
  },
  SandboxState: {
    type: 'object',
    required: ['now', 'clockOffsetSeconds', 'limits', 'faults', 'tokens', 'installations'],
    properties: {
      now: isoDateTime,
      clockOffsetSeconds: { type: 'number' },
      limits: ref('Limits'),
      quotas: { type: 'array', items: { type: 'object' } },
      faults: { type: 'array', items: ref('Fault') },
      tokens: { type: 'array', items: ref('TokenView') },
      installations: { type: 'array', items: ref('Installation') },
    },
  },
} as const
