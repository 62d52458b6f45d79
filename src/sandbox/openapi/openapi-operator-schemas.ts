import { CLIENT_BOUNDS } from '../auth/client-registry'
import { SCENARIOS } from '../data/scenario-catalog'
import { OPERATOR_BOUNDS as B, DATE_TIME_PATTERN, METHOD_PATTERN, PATH_PATTERN_PATTERN } from '../routes/operator-input'

// The request bodies of the operator API, built from the same bounds the routes check (operator-input.ts,
// operator-bodies.ts, client-registry.ts): a body these schemas accept is one the sandbox accepts, and the reverse.

const range = (r: { min: number; max: number }) => ({ type: 'integer', minimum: r.min, maximum: r.max })
const method = { type: 'string', maxLength: B.methodLength, pattern: METHOD_PATTERN }
const pathPattern = { type: 'string', maxLength: B.pathLength, pattern: PATH_PATTERN_PATTERN }
const token = { type: 'string', minLength: 1, maxLength: B.tokenLength }
const printable = (max: number) => ({ type: 'string', minLength: 1, maxLength: max, pattern: '^\\P{Cc}+$' })
const closed = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
})

export const OPERATOR_REQUEST_SCHEMAS = {
  ClockRequest: {
    description: `Exactly one of the three. The clock must stay between ${new Date(B.clockMinMs).toISOString()} and ${new Date(B.clockMaxMs).toISOString()} (400 naming the moves allowed now).`,
    oneOf: [
      closed({ advanceSeconds: { type: 'number', ...{ minimum: B.advanceSeconds.min, maximum: B.advanceSeconds.max } } }, [
        'advanceSeconds',
      ]),
      closed({ set: { type: 'string', format: 'date-time', pattern: DATE_TIME_PATTERN } }, ['set']),
      closed({ reset: { const: true } }, ['reset']),
    ],
  },
  ExpireRequest: closed({ token }),
  RevokeRequest: {
    oneOf: [closed({ token }, ['token']), closed({ all: { const: true } }, ['all'])],
  },
  LimitRequest: {
    ...closed({ limit: range(B.limit), method, path: pathPattern, windowSeconds: range(B.windowSeconds) }),
    anyOf: [{ required: ['limit'] }, { required: ['windowSeconds'] }],
    dependentRequired: { method: ['limit'], path: ['limit'] },
  },
  FaultRequest: {
    ...closed(
      {
        path: pathPattern,
        method,
        latencyMs: range(B.latencyMs),
        status: range(B.status),
        drop: { type: 'boolean' },
        times: range(B.times),
        every: range(B.every),
      },
      ['path'],
    ),
    description: `At most ${B.maxFaults} faults at once (400 beyond).`,
    anyOf: [{ required: ['latencyMs'] }, { required: ['status'] }, { required: ['drop'], properties: { drop: { const: true } } }],
  },
  ClientRequest: {
    ...closed(
      {
        clientId: printable(CLIENT_BOUNDS.idLength),
        clientSecret: { ...printable(CLIENT_BOUNDS.secretLength), writeOnly: true },
        name: printable(CLIENT_BOUNDS.nameLength),
        redirectUris: {
          type: 'array',
          minItems: 1,
          maxItems: CLIENT_BOUNDS.redirectUris,
          items: { type: 'string', format: 'uri', maxLength: CLIENT_BOUNDS.uriLength, pattern: '^[A-Za-z][A-Za-z0-9+.-]*:' },
        },
        permissions: {
          type: 'array',
          maxItems: CLIENT_BOUNDS.permissions,
          items: { type: 'string', minLength: 1, maxLength: CLIENT_BOUNDS.permissionLength, pattern: '^[!-~]+$' },
        },
      },
      ['clientId', 'clientSecret', 'redirectUris'],
    ),
    description: 'At most 1000 clients (replacing one with the same clientId always works).',
  },
  ScenarioRequest: closed({ name: { enum: SCENARIOS.map(s => s.name) } }, ['name']),
} as const

/** The query of GET /_sandbox/quotas/effective. */
export const QUOTA_QUERY = { method, path: pathPattern } as const
