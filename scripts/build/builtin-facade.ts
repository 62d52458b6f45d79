import { createRequire } from 'node:module'
import type { Plugin } from 'vite'

/**
 * Builtins whose ES module facade costs more than the module: Node builds a builtin's facade by reading every export,
 * and node:http's exports include lazy getters (WebSocket, MessageEvent, CloseEvent) that load Node's whole bundled
 * undici, about 0.1 s of CPU at start, for names the console never uses.
 */
const COSTLY_FACADES = ['http']

const requireHere = createRequire(import.meta.url)

/** The builtins to leave external (both spellings), without those the facade plugin must see. */
export function withoutCostlyFacades(builtins: readonly string[]): string[] {
  const kept = builtins.filter(m => !COSTLY_FACADES.includes(m.replace(/^node:/, '')))
  return [...kept, ...kept.map(m => `node:${m}`)]
}

/**
 * A build plugin that turns `import … from 'node:http'` (or 'http') into a module reading the CommonJS builtin with
 * `process.getBuiltinModule` and exporting only its plain values: the getters are never read, so nothing they load is
 * loaded. A name that only exists behind a getter is not exported: importing it fails the build instead of loading.
 */
export function builtinFacade(): Plugin {
  const PREFIX = '\0builtin-facade:'
  return {
    name: 'builtin-facade',
    enforce: 'pre',
    resolveId(id) {
      const name = id.replace(/^node:/, '')
      return COSTLY_FACADES.includes(name) ? `${PREFIX}${name}` : null
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null
      const name = id.slice(PREFIX.length)
      const builtin = requireHere(`node:${name}`) as object
      const plain = Object.entries(Object.getOwnPropertyDescriptors(builtin))
        .filter(([key, d]) => 'value' in d && /^[A-Za-z_$][\w$]*$/.test(key) && key !== 'default')
        .map(([key]) => key)
      return [
        `const builtin = process.getBuiltinModule('node:${name}')`,
        'export default builtin',
        ...plain.map(key => `export const ${key} = builtin.${key}`),
      ].join('\n')
    },
  }
}
