import { ConsoleError } from '../core/console-error'
import { destinationKey } from './destination-key'
import { type EffectiveMethod, effectiveMethods, mayOverrideMethod } from './effective-method'

/** Methods that change nothing on the server (RFC 9110 safe methods): never asked about. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** What a caller passes to say the user typed the production environment's name. */
interface ProductionConfirmation {
  confirmProduction?: string
}

/** An environment as the guard needs it: its name, its flag and the hosts it sends to. */
interface GuardedEnvironment {
  id: string
  name: string
  production?: boolean
  /** The built-in sandbox: never production, and neither is its destination. */
  builtIn?: boolean
  authUrl: string
  baseUrl: string
}

/** The request as it will go on the wire. */
export interface GuardedRequest {
  url: URL
  method: string
  headers: Record<string, string>
}

/** The first method of the request the server may act on that is not safe (the request line's or an override's). */
export function unsafeMethod(request: GuardedRequest): EffectiveMethod | null {
  // A safe method that nothing can override (most requests): no list of methods built to say so.
  if (SAFE_METHODS.has(request.method) && !mayOverrideMethod(request.headers, request.url)) return null
  for (const m of effectiveMethods(request.method, request.headers, request.url)) if (!SAFE_METHODS.has(m.method)) return m
  return null
}

/**
 * The production environments this request reaches: the one it was sent with when marked production, and every
 * production environment whose base or auth URL has the request's destination (scheme's port, host, port; see
 * destination-key.ts), whatever environment, URL spelling or auth the caller chose. The built-in sandbox's own
 * destination is the exception: it is never production.
 */
export function productionTargets(request: GuardedRequest, sentWith: GuardedEnvironment | null, all: readonly GuardedEnvironment[]) {
  const key = destinationKey(request.url)
  const hit: GuardedEnvironment[] = sentWith?.production ? [sentWith] : []
  const reaches = (env: GuardedEnvironment) => key !== null && (destinationKey(env.baseUrl) === key || destinationKey(env.authUrl) === key)
  // The built-in sandbox can never be production: an environment marked production that points at it (a rehearsal)
  // does not make the sandbox's own requests production ones.
  if (all.some(env => env.builtIn && reaches(env))) return hit
  for (const env of all) {
    if (!env.production || hit.some(h => h.id === env.id)) continue
    if (reaches(env)) hit.push(env)
  }
  return hit
}

/**
 * The production guard, enforced where every partner-API request passes (the executor), so that neither the CLI nor
 * any screen can skip it: a request that may change data (any method but GET, HEAD, OPTIONS, counting method-override
 * headers and `_method`) to a production environment's destination is refused unless it carries that environment's
 * name exactly as the user typed it. The error says what to type, and offers the built-in sandbox as the place to try
 * the same request first.
 */
export function checkProductionGuard(request: GuardedRequest, targets: readonly GuardedEnvironment[], input: ProductionConfirmation): void {
  const unsafe = targets.length > 0 ? unsafeMethod(request) : null
  const env = targets[0]
  if (!unsafe || !env) return
  if (targets.some(t => input.confirmProduction === t.name)) return
  const typedWrong = input.confirmProduction !== undefined
  const what = unsafe.via ? `${request.method.toUpperCase()} with ${clip(unsafe.via)} (${clip(unsafe.method)})` : clip(unsafe.method)
  throw new ConsoleError(
    'forbidden',
    typedWrong
      ? `The confirmation does not match: "${env.name}" is a production environment and ${what} changes its data.`
      : `"${env.name}" is a production environment: ${what} changes its data and needs a typed confirmation.`,
    {
      hint: `Type the environment's name ("${env.name}") to confirm, or run the same request against the built-in sandbox first.`,
      details: {
        reason: 'production_confirmation_required',
        environment: env.name,
        method: clip(unsafe.method),
        destination: request.url.host,
        ...(unsafe.via ? { override: clip(unsafe.via) } : {}),
      },
    },
  )
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text
}
