import { ConsoleError } from '../core/console-error'
import type { IncomingResponse, ResolvedEnvironment, SendHttp } from '../core/ports'
import type { SkewSample } from './clock-skew'

/** The built-in sandbox's operator API gives its clock to the ms: a few samples narrow the estimate. */
const SANDBOX_PROBES = 3
/**
 * A user's server gives its `Date` header, 1 s resolution: more requests would not narrow the estimate, only add
 * unauthenticated traffic (and quota use) on a server the console does not own. One request, where the user said.
 */
const SERVER_PROBES = 1

/** What the user chose for a clock probe: the path on the base URL to GET, and for production its typed name. */
export interface ProbeChoice {
  /** A path on the environment's base URL (`/health`); required for any server but the built-in sandbox. */
  path?: string
  /** The environment's name as the user typed it: required to probe an environment marked production. */
  confirmProduction?: string
}

/**
 * Checks that a probe of a user's server was asked for as the user meant it, before any byte is sent: a path they
 * chose (never a guessed `/`), and for a production environment its name typed. Returns the URL to probe.
 */
function probeUrl(env: ResolvedEnvironment, choice: ProbeChoice): string {
  if (env.sandboxAdmin) return `${env.sandboxAdmin.url}/_sandbox/state`
  const path = choice.path?.trim() ?? ''
  if (!path.startsWith('/') || /[\s#]/.test(path) || path.startsWith('//')) {
    throw new ConsoleError(
      'invalid_request',
      path === ''
        ? `No path was chosen to read the clock of "${env.name}": the console sends nothing to your server unless you say where.`
        : `"${path}" is not a path on the base URL: it must start with one "/" and hold no spaces or "#".`,
      {
        hint: 'Choose a cheap, unauthenticated path of that server (a health check such as /health), or leave the skew to the Date headers of your own calls.',
      },
    )
  }
  if (env.production && choice.confirmProduction !== env.name) {
    throw new ConsoleError(
      'forbidden',
      choice.confirmProduction === undefined
        ? `"${env.name}" is a production environment: reading its clock sends one unauthenticated GET ${path} to it, which counts against its quotas.`
        : `The confirmation does not match: type "${env.name}" exactly to probe that production environment.`,
      {
        hint: `Type the environment's name ("${env.name}") to confirm, or leave the skew to the Date headers of your own calls.`,
        details: { reason: 'production_confirmation_required', environment: env.name, method: 'GET' },
      },
    )
  }
  return `${env.baseUrl}${path}`
}

/**
 * Measures the server's clock now, only when the user asked. The built-in sandbox answers with its exact clock
 * (operator API `GET /_sandbox/state`, ms precision, three samples); any other server gives its `Date` header (1 s
 * resolution) on one GET of the path the user chose, whatever the status, and a production one only with its name
 * typed (probeUrl). Goes through `send` (the HTTP client, so probes show in the network log).
 */
export async function probeServerClock(env: ResolvedEnvironment, send: SendHttp, choice: ProbeChoice = {}): Promise<SkewSample[]> {
  const samples: SkewSample[] = []
  const url = probeUrl(env, choice)
  const admin = env.sandboxAdmin
  for (let i = 0; i < (admin ? SANDBOX_PROBES : SERVER_PROBES); i++) {
    const headers: Record<string, string> = admin ? { 'x-sandbox-admin-token': admin.adminToken } : {}
    const sentAt = Date.now()
    let response: Pick<IncomingResponse, 'status' | 'headers' | 'body'>
    try {
      response = await send({
        method: 'GET',
        url,
        headers,
        purpose: admin ? 'sandbox-admin' : 'other',
        timeoutMs: 5_000,
        env,
        readsClock: true,
      })
    } catch (error) {
      if (error instanceof ConsoleError) throw error
      throw new ConsoleError('network', `Could not reach ${url} to read the server's clock.`, {
        hint: 'Check the environment’s base URL and that the server is up.',
        cause: error,
      })
    }
    const receivedAt = Date.now()
    const serverDate = headerValue(response.headers, 'date')
    const sample: SkewSample = { serverDate, sentAt, receivedAt, source: admin ? 'sandbox clock' : `Date header of ${url}` }
    const precise = admin ? sandboxNow(response.body) : undefined
    if (precise !== undefined) sample.serverTimeMs = precise
    if (serverDate === '' && precise === undefined) {
      throw new ConsoleError('unsupported', `${url} answered without a Date header, so its clock cannot be read.`, {
        hint: 'Skew will be estimated from the Date headers of API responses instead.',
      })
    }
    samples.push(sample)
  }
  return samples
}

function headerValue(headers: Record<string, string>, name: string): string {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value
  return ''
}

function sandboxNow(body: string): number | undefined {
  try {
    const now = (JSON.parse(body) as { now?: unknown }).now
    const ms = typeof now === 'string' ? Date.parse(now) : Number.NaN
    return Number.isFinite(ms) ? ms : undefined
  } catch {
    return undefined
  }
}
