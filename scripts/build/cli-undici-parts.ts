import type * as Undici from 'undici'

// The CLI build's src/main/engine/http/undici-parts.ts (bundled-undici.ts swaps it in): the same parts from the same
// files, as `require` calls the bundler follows, so undici is part of the CLI's bundle instead of ~30 files loaded
// from node_modules. What is lazy there is lazy here: a `require` inside a function is evaluated on its first call.
// undici's HTTP/2 half is left out of the start in the build itself (bundled-undici.ts).

/** undici's Agent: one pool per origin (lib/dispatcher/agent). */
export const Agent = require('undici/lib/dispatcher/agent.js') as typeof Undici.Agent
/** undici's Pool: connections to one origin (lib/dispatcher/pool). */
export const Pool = require('undici/lib/dispatcher/pool.js') as typeof Undici.Pool
/**
 * undici's EnvHttpProxyAgent: HTTP(S)_PROXY and NO_PROXY (lib/dispatcher/env-http-proxy-agent), evaluated on the first
 * call: it brings the proxy and SOCKS5 agents, which a run without a proxy never uses.
 */
export function envHttpProxyAgent(): typeof Undici.EnvHttpProxyAgent {
  return require('undici/lib/dispatcher/env-http-proxy-agent.js') as typeof Undici.EnvHttpProxyAgent
}
/** undici's socket connector (lib/core/connect). */
export const buildConnector = require('undici/lib/core/connect.js') as typeof Undici.buildConnector
/** undici's header-name lower-casing: its table of known names (interned strings), else toLowerCase (lib/core/util). */
export const headerNameToString = (require('undici/lib/core/util.js') as { headerNameToString(name: Buffer | string): string })
  .headerNameToString

// As undici's index does to every dispatcher: `request` now, `stream`, `pipeline`, `upgrade` and `connect` evaluated
// on their first call by a method that then puts the real one in its place. Idempotent, as in undici-parts.ts.
const dispatcherPrototype = (require('undici/lib/dispatcher/dispatcher.js') as { prototype: Record<string, unknown> }).prototype
dispatcherPrototype.request ??= require('undici/lib/api/api-request.js')
const LATER: Record<string, () => (...a: unknown[]) => unknown> = {
  stream: () => require('undici/lib/api/api-stream.js'),
  pipeline: () => require('undici/lib/api/api-pipeline.js'),
  upgrade: () => require('undici/lib/api/api-upgrade.js'),
  connect: () => require('undici/lib/api/api-connect.js'),
}
for (const [method, load] of Object.entries(LATER)) {
  dispatcherPrototype[method] ??= function loadOnFirstCall(this: unknown, ...args: unknown[]): unknown {
    const real = load()
    dispatcherPrototype[method] = real
    return real.apply(this, args)
  }
}
