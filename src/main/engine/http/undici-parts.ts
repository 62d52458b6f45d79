import { createRequire } from 'node:module'
import type * as Undici from 'undici'

// undici's index loads every part it has (fetch, WebSocket, caches, mocks: 111 modules) and, through them, Node's own
// bundled undici as well; the console sends with four of its parts. Each is required from its own file, so a process
// loads only those. They are the very files the index would load: a test or tool importing 'undici' whole gets the
// same classes.
const requireHere = createRequire(import.meta.url)

/** undici's Agent: one pool per origin (lib/dispatcher/agent). */
export const Agent = requireHere('undici/lib/dispatcher/agent.js') as typeof Undici.Agent
/** undici's Pool: connections to one origin (lib/dispatcher/pool). */
export const Pool = requireHere('undici/lib/dispatcher/pool.js') as typeof Undici.Pool
/** undici's EnvHttpProxyAgent: HTTP(S)_PROXY and NO_PROXY (lib/dispatcher/env-http-proxy-agent). */
export const EnvHttpProxyAgent = requireHere('undici/lib/dispatcher/env-http-proxy-agent.js') as typeof Undici.EnvHttpProxyAgent
/** undici's socket connector (lib/core/connect). */
export const buildConnector = requireHere('undici/lib/core/connect.js') as typeof Undici.buildConnector
/** undici's header-name lower-casing: its table of known names (interned strings), else toLowerCase (lib/core/util). */
export const headerNameToString = (requireHere('undici/lib/core/util.js') as { headerNameToString(name: Buffer | string): string })
  .headerNameToString

// What undici's index does to every dispatcher: `request`, `stream`, `pipeline`, `upgrade` and `connect` on top of
// `dispatch` (the capture forwards with `request`). Idempotent: the index assigns the same functions.
Object.assign(
  (requireHere('undici/lib/dispatcher/dispatcher.js') as { prototype: object }).prototype,
  requireHere('undici/lib/api/index.js'),
)
