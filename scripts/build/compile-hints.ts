import type { Plugin } from 'vite'

/** V8's explicit compile hint (Chromium 136+, and Electron's): compile every function of the file eagerly. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

interface ChunkLike {
  type: 'chunk' | 'asset'
  isEntry?: boolean
  imports?: string[]
  code?: string
}

/**
 * The files a page loads before its first render: each entry chunk and, transitively, the chunks it imports statically
 * (the ones its HTML preloads). Lazy chunks (dynamic imports) are not among them.
 */
export function firstScreenChunks(bundle: Record<string, ChunkLike>): string[] {
  const found = new Set<string>()
  const visit = (name: string) => {
    const chunk = bundle[name]
    if (found.has(name) || chunk?.type !== 'chunk') return
    found.add(name)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const [name, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(name)
  return [...found]
}

/**
 * Marks the first screen's chunks with V8's compile hint. Without it V8 compiles each function lazily, on the page's
 * one thread, the first time it runs: React's first render compiled ~900 functions there (~75 ms of CPU of that thread
 * in a trace at load ~10). With the hint the functions are compiled while the file streams in, on a background thread:
 * ~200 compiled on the page's thread, the first render's task took half the CPU. Only the chunks the first render runs
 * are marked: eager compilation of lazy chunks would be work for code that may never run.
 */
export function firstScreenCompileHints(): Plugin {
  return {
    name: 'first-screen-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite's own rewriting of the chunks (its preload map goes on their first line): the hint must come first.
      order: 'post',
      handler(_options, bundle) {
        for (const name of firstScreenChunks(bundle as Record<string, ChunkLike>)) {
          const chunk = bundle[name]
          if (chunk?.type === 'chunk' && !chunk.code.startsWith(COMPILE_HINT)) chunk.code = `${COMPILE_HINT}\n${chunk.code}`
        }
      },
    },
  }
}
