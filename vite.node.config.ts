import { builtinModules } from 'node:module'
import { resolve } from 'node:path'
import { defineConfig } from 'vite'
import pkg from './package.json' with { type: 'json' }

/**
 * Builds the plain-Node entry points (the `partner-console` CLI, which also hosts the web host and the sandbox) into
 * out/node. They never import `electron`; the build fails loudly if one tries.
 */
export default defineConfig({
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
      input: { cli: resolve(import.meta.dirname, 'src/main/cli/index.ts') },
      external: [...builtinModules, ...builtinModules.map(m => `node:${m}`), ...Object.keys(pkg.dependencies)],
      output: { format: 'esm', entryFileNames: '[name].js' },
    },
  },
  plugins: [
    {
      name: 'forbid-electron',
      resolveId(id) {
        if (id === 'electron') throw new Error('A plain-Node entry point imports "electron"; see ARCHITECTURE.md.')
        return null
      },
    },
  ],
})
