import { AdminInputError } from '../auth/admin-guard'
import type { FaultSpec } from '../state/fault-injector'
import { boundedInteger, OPERATOR_BOUNDS, optionalMethod, optionalText, pathPattern } from './operator-input'

/**
 * The fields each operator body may carry. A field not listed is refused (400 naming it), so a body the sandbox
 * accepts is exactly one the OpenAPI document allows (its schemas say `additionalProperties: false`).
 */
export const OPERATOR_BODY_FIELDS = {
  clock: ['advanceSeconds', 'set', 'reset'],
  expire: ['token'],
  revoke: ['token', 'all'],
  limit: ['limit', 'method', 'path', 'windowSeconds'],
  fault: ['path', 'method', 'latencyMs', 'status', 'drop', 'times', 'every'],
  client: ['clientId', 'clientSecret', 'redirectUris', 'name', 'permissions'],
  scenario: ['name'],
  empty: [],
} as const

/** Refuses fields the route does not take, naming them and the ones it does. */
export function onlyFields(body: Record<string, unknown>, allowed: readonly string[]): void {
  const unknown = Object.keys(body).filter(k => !allowed.includes(k))
  if (unknown.length === 0) return
  const takes = allowed.length === 0 ? 'no body fields' : allowed.join(', ')
  throw new AdminInputError(
    `unknown field${unknown.length > 1 ? 's' : ''} ${unknown
      .slice(0, 5)
      .map(k => JSON.stringify(k.slice(0, 40)))
      .join(', ')}; this route takes ${takes}`,
  )
}

/** `{ advanceSeconds }`, `{ set }` or `{ reset: true }`: exactly one. */
export function clockBody(body: Record<string, unknown>): 'reset' | 'advanceSeconds' | 'set' {
  onlyFields(body, OPERATOR_BODY_FIELDS.clock)
  const given = Object.keys(body)
  if (given.length !== 1)
    throw new AdminInputError('send exactly one of { advanceSeconds }, { set: RFC 3339 date-time } or { reset: true }')
  if (body.reset !== undefined && body.reset !== true) throw new AdminInputError('reset must be true')
  return given[0] as 'reset' | 'advanceSeconds' | 'set'
}

/** `{ token }` of at most 512 characters, or nothing. */
export function tokenField(body: Record<string, unknown>, allowed: readonly string[]): string | undefined {
  onlyFields(body, allowed)
  return optionalText(body.token, 'token', OPERATOR_BOUNDS.tokenLength)
}

/** `{ limit, method?, path? }` and/or `{ windowSeconds }`, each in range. */
export function limitBody(body: Record<string, unknown>): { limit?: number; method?: string; path?: string; windowSeconds?: number } {
  onlyFields(body, OPERATOR_BODY_FIELDS.limit)
  const windowSeconds =
    body.windowSeconds === undefined ? undefined : boundedInteger(body.windowSeconds, 'windowSeconds', OPERATOR_BOUNDS.windowSeconds)
  if (body.limit === undefined) {
    if (body.method !== undefined || body.path !== undefined)
      throw new AdminInputError('method and path go with a limit: send { limit, method?, path? }')
    if (windowSeconds === undefined) throw new AdminInputError('send { limit, method?, path? } and/or { windowSeconds }')
    return { windowSeconds }
  }
  const limit = boundedInteger(body.limit, 'limit', OPERATOR_BOUNDS.limit)
  const method = optionalMethod(body.method)
  const path = body.path === undefined ? undefined : pathPattern(body.path)
  return { limit, method, path, windowSeconds }
}

/** A fault: a path pattern and at least one of latencyMs, status or drop: true, each in range. */
export function faultBody(body: Record<string, unknown>): FaultSpec {
  onlyFields(body, OPERATOR_BODY_FIELDS.fault)
  const b = OPERATOR_BOUNDS
  const spec: FaultSpec = { path: pathPattern(body.path) }
  const method = optionalMethod(body.method)
  if (method !== undefined) spec.method = method
  if (body.latencyMs !== undefined) spec.latencyMs = boundedInteger(body.latencyMs, 'latencyMs', b.latencyMs)
  if (body.status !== undefined) spec.status = boundedInteger(body.status, 'status', b.status)
  if (body.drop !== undefined) {
    if (typeof body.drop !== 'boolean') throw new AdminInputError('drop must be true or false')
    spec.drop = body.drop
  }
  if (body.times !== undefined) spec.times = boundedInteger(body.times, 'times', b.times)
  if (body.every !== undefined) spec.every = boundedInteger(body.every, 'every', b.every)
  if (spec.latencyMs === undefined && spec.status === undefined && spec.drop !== true)
    throw new AdminInputError('a fault needs latencyMs, status or drop: true')
  return spec
}

/** `{ name }`: a scenario name (the catalogue says which exist). */
export function scenarioBody(body: Record<string, unknown>): string {
  onlyFields(body, OPERATOR_BODY_FIELDS.scenario)
  const name = optionalText(body.name, 'name', OPERATOR_BOUNDS.scenarioNameLength)
  if (name === undefined) throw new AdminInputError('send { name } with a scenario name')
  return name
}
