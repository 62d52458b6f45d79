import { builtinModules } from 'node:module'
import { resolve } from 'node:path'
import { defineConfig } from 'vite'
import pkg from './package.json' with { type: 'json' }
import { asciiOutput } from './scripts/build/ascii-output.ts'
import { builtinFacade, withoutCostlyFacades } from './scripts/build/builtin-facade.ts'
import { bundledUndici } from './scripts/build/bundled-undici.ts'

/**
 * Dependencies bundled into the CLI instead of loaded from node_modules: zod's package entry loads 95 modules (every
 * locale of its messages among them) where the console uses a small part, which the bundle keeps alone; undici's parts
 * the console sends with are ~30 files, one chunk in the bundle (scripts/build/bundled-undici.ts).
 */
const BUNDLED = ['zod', 'undici']

/**
 * Builds the plain-Node entry points (the `partner-console` CLI, which also hosts the web host and the sandbox) into
 * out/node. They never import `electron`; the build fails loudly if one tries.
 */
export default defineConfig({
  ssr: { noExternal: BUNDLED },
  build: {
    ssr: true,
    outDir: 'out/node',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    // The CLI's bundle is read from disk by Node, never downloaded by a browser: its size is not a page's weight.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The HAR check's worker is an entry of its own: the engine starts it by its file (har-check-thread.ts).
      input: {
        cli: resolve(import.meta.dirname, 'src/main/cli/index.ts'),
        'har-check-worker': resolve(import.meta.dirname, 'src/main/engine/har/har-check-worker.ts'),
      },
      external: [...withoutCostlyFacades(builtinModules), ...Object.keys(pkg.dependencies).filter(d => !BUNDLED.includes(d))],
      output: {
        format: 'esm',
        entryFileNames: '[name].js',
        // Every chunk ASCII, so Node holds its source one byte per character (scripts/build/ascii-output.ts).
        charset: 'ascii',
        comments: { legal: true, annotation: true, jsdoc: false },
        // undici in a chunk of its own, loaded by whatever sends (not by commands that only print or sign).
        codeSplitting: { groups: [{ name: 'undici', test: /node_modules[\\/]undici[\\/]/ }] },
      },
    },
  },
  plugins: [
    bundledUndici(),
    builtinFacade(),
    asciiOutput(),
    {
      name: 'forbid-electron',
      resolveId(id) {
        if (id === 'electron') throw new Error('A plain-Node entry point imports "electron"; see ARCHITECTURE.md.')
        return null
      },
    },
  ],
})
