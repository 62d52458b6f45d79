import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import type { Plugin } from 'vite'

/**
 * undici inside the CLI's bundle instead of ~30 files required one by one from node_modules: each file Node loads
 * costs a resolution (stats, realpath, package.json scope lookups), a read and a compile, and at start-up that was the
 * largest share of the walkthrough's CPU after its own code (bench/cli-start.ts: ~60 ms of CPU and ~30 ms of wall time
 * per run under load, 80 files loaded → 56).
 *
 * The engine takes undici's parts from src/main/engine/http/undici-parts.ts, which requires them from node_modules at
 * run time (a bundler cannot follow those requires). For the CLI build only, that module is replaced by
 * cli-undici-parts.ts beside this file: the same exports, the same lazily loaded parts, written as `require` calls the
 * bundle resolves (test/integration/cli/bundled-undici.test.ts keeps the two alike).
 */
export function bundledUndici(): Plugin {
  const engineParts = resolve(import.meta.dirname, '../../src/main/engine/http/undici-parts.ts')
  const cliParts = resolve(import.meta.dirname, 'cli-undici-parts.ts')
  const h2File = createRequire(import.meta.url).resolve('undici/lib/dispatcher/client-h2.js')
  const LAZY_H2 = '\0lazy-undici-client-h2'
  return {
    name: 'bundled-undici',
    enforce: 'pre',
    async resolveId(id, importer, options) {
      if (importer && /(^|\/)undici-parts(\.ts)?$/.test(id)) {
        const resolved = await this.resolve(id, importer, { ...options, skipSelf: true })
        if (resolved?.id === engineParts) return cliParts
      }
      // undici's client.js requires its HTTP/2 half (which loads node:http2, ~30 ms of CPU) when it is evaluated, yet
      // calls it only for a TLS connection whose ALPN chose h2, which needs `allowH2: true`, never set by the console
      // (undici-parts.ts does the same at run time). The stand-in evaluates the real file on its first call.
      if (id === './client-h2.js' && importer?.includes('undici') && importer !== LAZY_H2) return LAZY_H2
      return null
    },
    load(id) {
      if (id !== LAZY_H2) return null
      return `module.exports = function connectH2(...args) {\n  return require(${JSON.stringify(h2File)})(...args)\n}\n`
    },
  }
}
