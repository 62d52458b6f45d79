// The operator API's scenario routes and the illustrative docs/api.md#limits routes (limit-family-routes.ts), in the OpenAPI
// document: every served route is documented (test/integration/sandbox/openapi-conformance.test.ts checks it).

type AdminOk = (schema: string | { type: string; items?: unknown }, summary: string, extra?: Record<string, unknown>) => unknown
type Response = (description: string) => unknown

const json = (schema: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } })
const object = { 'application/json': { schema: { type: 'object' } } }
const signedOrBearer = [{ bearer: [] }, { hmacAccessKey: [], hmacTimestamp: [], hmacSignature: [] }]
const endsWithDigit = { type: 'string', pattern: '[0-9]$' }
const segment = { type: 'string', pattern: '^[^/]+$' }

/** GET /_sandbox/scenarios, POST and DELETE /_sandbox/scenario. */
export function scenarioPaths(adminOk: AdminOk) {
  return {
    '/_sandbox/scenarios': { get: adminOk({ type: 'object' }, 'The scenario catalogue and the active one') },
    '/_sandbox/scenario': {
      post: adminOk({ type: 'object' }, 'Apply a scenario (the active one is undone first)', {
        requestBody: { required: true, content: { ...json('ScenarioRequest') } },
      }),
      delete: adminOk({ type: 'object' }, 'Back to normal: undo the active scenario'),
    },
  }
}

/** The illustrative docs/api.md#limits families: online-ordering orders v1/v2, POS checks, the ticket lookup. */
export function limitFamilyPaths(apiError: Response, tooMany: unknown) {
  const op = (summary: string, ok: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    tags: ['section 8 (illustrative)'],
    summary,
    security: signedOrBearer,
    ...extra,
    responses: {
      ...ok,
      '401': apiError('Bad token or signature'),
      '403': apiError('Permission read:locations not granted'),
      '413': apiError('Body larger than 1 MiB'),
      '429': tooMany,
    },
  })
  const list = { '200': { description: 'Illustrative list', content: object } }
  const one = { '200': { description: 'Illustrative item', content: object }, '404': apiError('Id not ending with digits') }
  const paths: Record<string, unknown> = {}
  for (const v of ['v1', 'v2']) {
    paths[`/online-ordering/${v}/orders`] = {
      get: op(`Online-ordering orders ${v}`, list),
      post: op(
        `Create an order ${v} (echoed under received)`,
        {
          '201': { description: 'The order', content: object },
          '400': apiError('Body not a JSON object'),
        },
        { requestBody: { content: object } },
      ),
    }
    paths[`/online-ordering/${v}/orders/{orderId}`] = {
      get: op(`One order ${v}`, one, { parameters: [{ name: 'orderId', in: 'path', required: true, schema: endsWithDigit }] }),
    }
  }
  paths['/pos/v2/{locationId}/checks'] = {
    get: op('POS checks of a location', list, { parameters: [{ name: 'locationId', in: 'path', required: true, schema: segment }] }),
  }
  paths['/pos/v2/{locationId}/checks/{checkId}'] = {
    get: op('One POS check', one, {
      parameters: [
        { name: 'locationId', in: 'path', required: true, schema: segment },
        { name: 'checkId', in: 'path', required: true, schema: endsWithDigit },
      ],
    }),
  }
  paths['/pos/v2/lookup/tickets'] = {
    post: op(
      'Look tickets up by id (ids starting with "missing" are not found)',
      { '200': { description: 'One result per id', content: object }, '400': apiError('ticketIds missing or not 1 to 100 strings') },
      {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['ticketIds'],
                properties: { ticketIds: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'string' } } },
              },
              example: { ticketIds: ['T-1', 'missing-2'] },
            },
          },
        },
      },
    ),
  }
  return paths
}
