import { builtinModules, createRequire } from 'node:module'
import type { Plugin } from 'vite'

/**
 * Node builds a builtin's ES module facade by reading every export, and many exports are lazy getters that load what
 * they stand for: node:http's WebSocket and MessageEvent load Node's whole bundled undici (~0.1 s of CPU), node:util's
 * transferableAbortSignal the worker machinery, node:crypto's webcrypto and subtle the Web Crypto API, node:net's
 * BlockList and SocketAddress, node:fs's ReadStream and promises. An import of one name pays for all of them: with the
 * modules themselves already loaded, the facades of the dozen builtins the CLI imports cost ~25 ms of CPU against
 * ~1 ms for reading them with `process.getBuiltinModule`. So every builtin goes through the facade below, except these,
 * which are left to Node: a name the console imports from them is itself a getter (tls: rootCertificates).
 */
const NODE_FACADES = ['tls']

const requireHere = createRequire(import.meta.url)

function facaded(id: string): string | null {
  const name = id.replace(/^node:/, '')
  return builtinModules.includes(name) && !NODE_FACADES.includes(name) ? name : null
}

/** The builtins to leave external (both spellings): those the facade plugin leaves to Node's own facade. */
export function withoutCostlyFacades(builtins: readonly string[]): string[] {
  const kept = builtins.filter(m => NODE_FACADES.includes(m.replace(/^node:/, '')))
  return [...kept, ...kept.map(m => `node:${m}`)]
}

/**
 * A build plugin that turns `import … from 'node:fs'` (or 'fs', and every other builtin but NODE_FACADES) into a
 * module reading the CommonJS builtin with `process.getBuiltinModule` and exporting only its plain values: the getters
 * are never read, so nothing they load is loaded. A name that only exists behind a getter is not exported: importing
 * it fails the build instead of loading (read it from the default export, or add the builtin to NODE_FACADES).
 */
export function builtinFacade(): Plugin {
  const PREFIX = '\0builtin-facade:'
  return {
    name: 'builtin-facade',
    enforce: 'pre',
    resolveId(id, _importer, options) {
      const name = facaded(id)
      if (name === null) return null
      // A bundled CommonJS module (undici) requires builtins: require() reads the builtin itself, which builds no
      // facade, and the module gets the builtin object it expects (a class to extend, not a namespace).
      if ((options as { kind?: string } | undefined)?.kind === 'require-call') return { id: `node:${name}`, external: true }
      return `${PREFIX}${name}`
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
