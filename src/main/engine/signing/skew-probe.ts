import { ConsoleError } from '../core/console-error'
import type { IncomingResponse, ResolvedEnvironment, SendHttp } from '../core/ports'
import type { SkewSample } from './clock-skew'

const PROBES = 3

/**
 * Measures the server's clock now, before any signed request: a few small requests to the environment, each giving
 * one skew sample. The built-in sandbox answers with its exact clock (operator API `GET /_sandbox/state`, ms
 * precision); any other server gives its `Date` header (1 s resolution) on a GET of the base URL, whatever the status.
 * Goes through `send` (the HTTP client, so probes show in the network log).
 */
export async function probeServerClock(env: ResolvedEnvironment, send: SendHttp): Promise<SkewSample[]> {
  const samples: SkewSample[] = []
  for (let i = 0; i < PROBES; i++) {
    const admin = env.sandboxAdmin
    const url = admin ? `${admin.url}/_sandbox/state` : `${env.baseUrl}/`
    const headers: Record<string, string> = admin ? { 'x-sandbox-admin-token': admin.adminToken } : {}
    const sentAt = Date.now()
    let response: Pick<IncomingResponse, 'status' | 'headers' | 'body'>
    try {
      response = await send({ method: 'GET', url, headers, purpose: admin ? 'sandbox-admin' : 'other', timeoutMs: 5_000, env })
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
