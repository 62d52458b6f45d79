import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import { firstScreenCompileHints } from './scripts/build/compile-hints'
import { firstScreenPrerender } from './scripts/build/first-screen-prerender'

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // The main process's one bundle is read from disk at start, never downloaded: its size is not a page's weight.
      chunkSizeWarningLimit: 1500,
      // The HAR check's worker is an entry of its own: the engine starts it by its file (har-check-thread.ts).
      rolldownOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src/main/index.ts'),
          'har-check-worker': resolve(import.meta.dirname, 'src/main/engine/har/har-check-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot be an ES module, and can require nothing but `electron`: bundle everything.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    // The first screen's chunks carry V8's compile hint: compiled while they stream in, not during the first render.
    plugins: [react(), firstScreenCompileHints(), firstScreenPrerender()],
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves the renderer unminified by default; the first screen has a 350 KB budget.
      minify: true,
      sourcemap: false,
      // Monaco (the editor and its contributions, ~3.9 MB minified, ~1 MB gzip) is one chunk, loaded lazily the first
      // time an editor shows (ui/monaco-loader.ts), never by the first screen, whose own budget (350 KB) a test checks.
      // Splitting it further only adds requests for the same bytes; the language services the console never opens
      // were cut instead (ui/monaco-editor-entry.ts). The warning stays on for anything else that grows past it.
      chunkSizeWarningLimit: 4500,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') },
        // Everything the entry imports statically goes into the entry's own file: the first screen is one script to
        // fetch, stream and compile instead of seven (React, the stores, the bridge were shared chunks of their own,
        // each a request through the browser and the host on the way to the first render). Lazy chunks stay lazy.
        output: { codeSplitting: { groups: [{ name: 'first-screen', tags: ['$initial'] }] } },
      },
    },
  },
})
