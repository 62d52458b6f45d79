import Module, { createRequire } from 'node:module'
import type * as Undici from 'undici'

// undici's index loads every part it has (fetch, WebSocket, caches, mocks: 111 modules) and, through them, Node's own
// bundled undici as well; the console sends with four of its parts. Each is required from its own file, so a process
// loads only those. They are the very files the index would load: a test or tool importing 'undici' whole gets the
// same classes.
const requireHere = createRequire(import.meta.url)

// undici's client.js requires its HTTP/2 half (client-h2.js, which loads node:http2: ~30 ms of CPU at start) on import,
// yet calls it only for a TLS connection whose ALPN chose h2, which needs `allowH2: true`. The console never enables
// allowH2, so that never happens (an h2-only server is refused in the TLS handshake, as before); should it happen, the
// stand-in below loads the real file then and hands over to it, so the behaviour is the same either way.
// Nothing changes when undici's HTTP/2 half is already loaded (a process that imported 'undici' whole first).
const h2File = requireHere.resolve('undici/lib/dispatcher/client-h2.js')
if (!(h2File in requireHere.cache)) {
  const standIn = new Module(h2File)
  standIn.filename = h2File
  standIn.loaded = true
  standIn.exports = function connectH2(...args: unknown[]): unknown {
    if (requireHere.cache[h2File] === standIn) delete requireHere.cache[h2File]
    return (requireHere(h2File) as (...a: unknown[]) => unknown)(...args)
  }
  requireHere.cache[h2File] = standIn
}

/** undici's Agent: one pool per origin (lib/dispatcher/agent). */
export const Agent = requireHere('undici/lib/dispatcher/agent.js') as typeof Undici.Agent
/** undici's Pool: connections to one origin (lib/dispatcher/pool). */
export const Pool = requireHere('undici/lib/dispatcher/pool.js') as typeof Undici.Pool
/**
 * undici's EnvHttpProxyAgent: HTTP(S)_PROXY and NO_PROXY (lib/dispatcher/env-http-proxy-agent), required on the first
 * call: it brings the proxy and SOCKS5 agents (five files), which a run without a proxy never uses.
 */
export function envHttpProxyAgent(): typeof Undici.EnvHttpProxyAgent {
  return requireHere('undici/lib/dispatcher/env-http-proxy-agent.js') as typeof Undici.EnvHttpProxyAgent
}
/** undici's socket connector (lib/core/connect). */
export const buildConnector = requireHere('undici/lib/core/connect.js') as typeof Undici.buildConnector
/** undici's header-name lower-casing: its table of known names (interned strings), else toLowerCase (lib/core/util). */
export const headerNameToString = (requireHere('undici/lib/core/util.js') as { headerNameToString(name: Buffer | string): string })
  .headerNameToString

// What undici's index does to every dispatcher: `request`, `stream`, `pipeline`, `upgrade` and `connect` on top of
// `dispatch`. The console sends with `request` (the headless authorize, the capture's forwarding); the other four
// (seven files with api/index.js, ~12 ms of CPU at start) are required on their first call, by a method that then
// puts the real one in its place, so a caller gets the same function either way. Idempotent: a method already there
// (undici's index loaded first) is kept, and the index, loaded later, assigns the same functions.
const dispatcherPrototype = (requireHere('undici/lib/dispatcher/dispatcher.js') as { prototype: Record<string, unknown> }).prototype
dispatcherPrototype.request ??= requireHere('undici/lib/api/api-request.js')
for (const [method, file] of [
  ['stream', 'api-stream'],
  ['pipeline', 'api-pipeline'],
  ['upgrade', 'api-upgrade'],
  ['connect', 'api-connect'],
] as const) {
  dispatcherPrototype[method] ??= function loadOnFirstCall(this: unknown, ...args: unknown[]): unknown {
    const real = requireHere(`undici/lib/api/${file}.js`) as (...a: unknown[]) => unknown
    dispatcherPrototype[method] = real
    return real.apply(this, args)
  }
}
