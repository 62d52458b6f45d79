import type { HttpExchangeView, PartnerLocation } from '../../../shared/contract'
import { exportTicketsPath } from '../../../shared/spec'
import { ConsoleError } from '../core/console-error'
import type { ExecuteInput, RequestExecutor } from './executor'
import { errorForStatus } from './status-errors'

/** Options every typed endpoint takes (the same as http:send's). */
type EndpointOptions = Pick<ExecuteInput, 'envId' | 'timeoutMs' | 'force' | 'autoRetry' | 'signal' | 'confirmProduction'>

/**
 * What a shape check reports about a value, the same issue zod reports for the same schema (details.issues of the
 * error): the code, what was expected, where, and the message.
 */
type ShapeIssue = { code: string; path: string[]; message: string } & Record<string, unknown>
/** Checks one value at `path`, adding an issue for each mismatch (in the order of the shape's fields). */
type ShapeCheck = (value: unknown, path: string[], issues: ShapeIssue[]) => void

/**
 * The few fixed shapes these endpoints read, checked by hand rather than by zod schemas: a one-shot CLI run checks
 * two bodies, and building and running zod schemas for them costs more than the rest of their handling. Each check
 * gives the verdicts and issues of the zod schema it stands for (test/unit/engine/http/typed-endpoint-shapes.test.ts
 * compares them): `looseObject` (other fields pass), `z.string()`, `z.number().int()` (a safe integer),
 * `z.array(z.unknown())`, and an optional `z.record(z.string(), z.unknown())`.
 */
const text: ShapeCheck = (value, path, issues) => {
  if (typeof value !== 'string') issues.push(wrongType('string', value, path))
}

const integer: ShapeCheck = (value, path, issues) => {
  if (typeof value !== 'number' || !Number.isFinite(value)) issues.push(wrongType('number', value, path))
  else if (!Number.isInteger(value))
    issues.push({ expected: 'int', format: 'safeint', code: 'invalid_type', path, message: 'Invalid input: expected int, received number' })
  else if (value > Number.MAX_SAFE_INTEGER || value < Number.MIN_SAFE_INTEGER) issues.push(unsafeInteger(value > 0, path))
}

function object(fields: Readonly<Record<string, ShapeCheck>>): ShapeCheck {
  return (value, path, issues) => {
    if (!isRecord(value)) return void issues.push(wrongType('object', value, path))
    for (const name in fields) (fields[name] as ShapeCheck)(value[name], [...path, name], issues)
  }
}

const locationShape = object({
  id: integer,
  name: text,
  timeZone: text,
  merchantId: text,
  countryCode: text,
  currency: text,
  language: text,
  brandRef: text,
  address: object({ street: text, city: text, state: text, zipCode: text }),
})

const listShape = object({
  results: (value, path, issues) => {
    if (!Array.isArray(value)) issues.push(wrongType('array', value, path))
  },
  meta: (value, path, issues) => {
    if (value !== undefined && !isRecord(value)) issues.push(wrongType('record', value, path))
  },
})

interface ListBody {
  results: unknown[]
  meta?: Record<string, unknown>
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function wrongType(expected: string, value: unknown, path: string[]): ShapeIssue {
  const message = `Invalid input: expected ${expected}, received ${typeName(value)}`
  // zod names the number it refused only when it expected a number (NaN, ±Infinity).
  if (expected === 'number' && typeof value === 'number') return { expected, code: 'invalid_type', received: String(value), path, message }
  return { expected, code: 'invalid_type', path, message }
}

/** zod's name for the type of a value: `null`, `array`, a non-finite number itself, or typeof's. */
function typeName(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value)
  return typeof value
}

function unsafeInteger(big: boolean, path: string[]): ShapeIssue {
  const bound = big ? Number.MAX_SAFE_INTEGER : Number.MIN_SAFE_INTEGER
  return {
    code: big ? 'too_big' : 'too_small',
    [big ? 'maximum' : 'minimum']: bound,
    note: 'Integers must be within the safe integer range.',
    origin: 'int',
    inclusive: true,
    path,
    message: big ? `Too big: expected int to be <=${bound}` : `Too small: expected int to be >=${bound}`,
  }
}

/** The issues of a value against a shape, none when it fits (test use: compared with the zod schemas'). */
export function shapeIssues(shape: 'location' | 'list', value: unknown): ShapeIssue[] {
  const issues: ShapeIssue[] = []
  ;(shape === 'location' ? locationShape : listShape)(value, [], issues)
  return issues
}

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
    const list = parseShape<ListBody>(listShape, result.decoded.text, 'locations response (spec 4.4)', view)
    const locations = list.results.map((item, i) => parseValue<PartnerLocation>(locationShape, item, `results[${i}]`, view))
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
    const list = parseShape<ListBody>(listShape, result.decoded.text, 'export response', result.view)
    return { tickets: list.results, meta: list.meta ?? {}, exchange: result.view }
  }
}

function parseShape<T>(shape: ShapeCheck, text: string, what: string, view: HttpExchangeView): T {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new ConsoleError('server_error', `The ${what} is not JSON: ${(error as Error).message}`, {
      hint: 'Open the exchange in the network log to see what the server sent.',
      details: { logId: view.logId, status: view.status },
    })
  }
  return parseValue<T>(shape, json, '', view, what)
}

function parseValue<T>(shape: ShapeCheck, value: unknown, at: string, view: HttpExchangeView, what = 'response'): T {
  const issues: ShapeIssue[] = []
  shape(value, [], issues)
  if (issues.length === 0) return value as T
  const issue = issues[0] as ShapeIssue
  const path = [at, ...issue.path].filter(Boolean).join('.')
  throw new ConsoleError('server_error', `The ${what} does not have the expected shape: ${path || 'the body'} ${issue.message}.`, {
    hint: 'Open the exchange in the network log to see what the server sent.',
    details: { logId: view.logId, status: view.status, issues: issues.slice(0, 5) },
  })
}
