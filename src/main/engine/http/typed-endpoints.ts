import { z } from 'zod'
import type { HttpExchangeView, PartnerLocation } from '../../../shared/contract'
import { exportTicketsPath } from '../../../shared/spec'
import { ConsoleError } from '../core/console-error'
import type { ExecuteInput, RequestExecutor } from './executor'
import { errorForStatus } from './status-errors'

/** Options every typed endpoint takes (the same as http:send's). */
type EndpointOptions = Pick<ExecuteInput, 'envId' | 'timeoutMs' | 'force' | 'autoRetry' | 'signal' | 'confirmProduction'>

const locationSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  timeZone: z.string(),
  merchantId: z.string(),
  countryCode: z.string(),
  currency: z.string(),
  language: z.string(),
  brandRef: z.string(),
  address: z.looseObject({ street: z.string(), city: z.string(), state: z.string(), zipCode: z.string() }),
})
const listSchema = z.looseObject({ results: z.array(z.unknown()), meta: z.record(z.string(), z.unknown()).optional() })

/**
 * The three spec endpoints with typed results: GET locations (docs/api.md#locations, bearer), POST installations (docs/api.md#install, bearer) and GET
 * export tickets (docs/api.md#export-tickets, HMAC). Each goes through the executor (quota, log, 401 refresh, 429 handling) and turns
 * anything but success into a ConsoleError carrying the server's message; a body of the wrong shape is reported
 * with the path of the first mismatch rather than passed on.
 */
export class TypedEndpoints {
  constructor(private readonly executor: RequestExecutor) {}

  async listLocations(
    options: EndpointOptions = {},
  ): Promise<{ locations: PartnerLocation[]; meta: Record<string, unknown>; exchange: HttpExchangeView }> {
    const env = await this.executor.environment(options.envId)
    const result = await this.executor.execute({
      ...options,
      env,
      method: 'GET',
      target: 'api',
      path: env.paths.locations,
      headers: { accept: 'application/json' },
      auth: 'bearer',
    })
    const view = result.view
    if (view.status !== 200) throw errorForStatus('Listing locations', view)
    const list = parseShape(listSchema, result.decoded.text, 'locations response (spec 4.4)', view)
    const locations = list.results.map((item, i) => parseValue(locationSchema, item, `results[${i}]`, view) as PartnerLocation)
    return { locations, meta: list.meta ?? {}, exchange: view }
  }

  async install(
    locationId: number,
    options: EndpointOptions = {},
  ): Promise<{ installed: true; locationId: number; exchange: HttpExchangeView }> {
    const env = await this.executor.environment(options.envId)
    const result = await this.executor.execute({
      ...options,
      env,
      method: 'POST',
      target: 'api',
      path: env.paths.installations,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ locationId }),
      auth: 'bearer',
    })
    if (result.view.status < 200 || result.view.status > 299) throw errorForStatus(`Installing at location ${locationId}`, result.view)
    return { installed: true, locationId, exchange: result.view }
  }

  async exportTickets(
    locationId: number,
    from: string,
    to: string,
    options: EndpointOptions = {},
  ): Promise<{ tickets: unknown[]; meta: Record<string, unknown>; exchange: HttpExchangeView }> {
    const env = await this.executor.environment(options.envId)
    const result = await this.executor.execute({
      ...options,
      env,
      method: 'GET',
      target: 'api',
      path: exportTicketsPath(env.paths.exportTickets, locationId, from, to),
      headers: { accept: 'application/json' },
      auth: 'hmac',
    })
    if (result.view.status !== 200) throw errorForStatus(`Exporting tickets of location ${locationId}`, result.view)
    const list = parseShape(listSchema, result.decoded.text, 'export response', result.view)
    return { tickets: list.results, meta: list.meta ?? {}, exchange: result.view }
  }
}

function parseShape<T>(schema: z.ZodType<T>, text: string, what: string, view: HttpExchangeView): T {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new ConsoleError('server_error', `The ${what} is not JSON: ${(error as Error).message}`, {
      hint: 'Open the exchange in the network log to see what the server sent.',
      details: { logId: view.logId, status: view.status },
    })
  }
  return parseValue(schema, json, '', view, what)
}

function parseValue<T>(schema: z.ZodType<T>, value: unknown, at: string, view: HttpExchangeView, what = 'response'): T {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const path = [at, ...(issue?.path ?? []).map(String)].filter(Boolean).join('.')
  throw new ConsoleError(
    'server_error',
    `The ${what} does not have the expected shape: ${path || 'the body'} ${issue?.message ?? 'is invalid'}.`,
    {
      hint: 'Open the exchange in the network log to see what the server sent.',
      details: { logId: view.logId, status: view.status, issues: parsed.error.issues.slice(0, 5) },
    },
  )
}
