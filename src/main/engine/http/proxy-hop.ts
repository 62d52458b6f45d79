import type { Dispatcher, Pool as UndiciPool } from 'undici'
import { Pool } from './undici-parts'

/**
 * A failure on the hop between this console and its proxy: connecting to the proxy (refused, unknown, timed out,
 * TLS to an https:// proxy), or the proxy's answer to CONNECT other than 200 (407, 403, 502…). The error carries the
 * hop itself, so whoever describes it (the exchange, the headless authorize's fetch, a token call) names the proxy
 * without having to be told a proxy was in the way.
 */
export class ProxyHopError extends Error {
  override readonly name = 'ProxyHopError'
  constructor(
    /** The proxy's origin, without credentials. */
    readonly proxy: string,
    /** host:port the tunnel was asked for. */
    readonly target: string,
    readonly failure:
      | { kind: 'connect'; cause: Error }
      | { kind: 'status'; status: number; authenticate: string | null; sentCredentials: boolean },
  ) {
    super(
      failure.kind === 'status'
        ? `Proxy ${proxy} answered ${failure.status} to CONNECT ${target}`
        : `Connecting to the proxy ${proxy} failed: ${failure.cause.message}`,
      failure.kind === 'connect' ? { cause: failure.cause } : undefined,
    )
  }
}

/** The ProxyHopError in an error's cause chain (fetch and undici wrap it), or null. */
export function proxyHopOf(error: unknown): ProxyHopError | null {
  let current = error as { cause?: unknown; errors?: unknown[] } | undefined
  for (let depth = 0; current && typeof current === 'object' && depth < 8; depth++) {
    if (current instanceof ProxyHopError) return current
    current = (current.cause ?? (Array.isArray(current.errors) ? current.errors[0] : undefined)) as typeof current
  }
  return null
}

/**
 * undici's ProxyAgent `clientFactory`: the client that talks to the proxy, whose CONNECT failures (no connection, or
 * a status other than 200) become a ProxyHopError naming the proxy (`display`, no credentials) and the target. What
 * happens after the tunnel is open (TLS to the server, the server's answer) is left as it is: that is the server's hop.
 */
export function proxyHopClientFactory(display: string) {
  return (origin: URL | string, options: UndiciPool.Options): Dispatcher => {
    const pool = new Pool(origin, options)
    const connect = pool.connect.bind(pool) as (o: Dispatcher.ConnectOptions) => Promise<Dispatcher.ConnectData>
    const tunnel = async (o: Dispatcher.ConnectOptions): Promise<Dispatcher.ConnectData> => {
      const target = String(o.path ?? '')
      let data: Dispatcher.ConnectData
      try {
        data = await connect(o)
      } catch (error) {
        throw new ProxyHopError(display, target, { kind: 'connect', cause: error as Error })
      }
      if (data.statusCode === 200) return data
      data.socket.on('error', () => {}).destroy()
      const header = data.headers['proxy-authenticate']
      const sent = Object.keys(o.headers ?? {}).some(name => name.toLowerCase() === 'proxy-authorization')
      throw new ProxyHopError(display, target, {
        kind: 'status',
        status: data.statusCode,
        authenticate: header === undefined ? null : Array.isArray(header) ? header.join(', ') : String(header),
        sentCredentials: sent,
      })
    }
    Object.assign(pool, { connect: tunnel })
    return pool
  }
}
