import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { COMPILE_HINT, firstScreenChunks } from '../../../scripts/build/compile-hints'

// The page's first render runs React and the console's frame. They come in one script (each more is a request through
// the browser and the host before the first render: electron.vite.config.ts), compiled as it streams in rather than
// function by function on the page's one thread while it renders (V8's compile hint: scripts/build/compile-hints.ts).

const RENDERER = resolve(import.meta.dirname, '../../../out/renderer')
const built = existsSync(join(RENDERER, 'index.html'))

describe('the first screen as built', () => {
  it('picks the entry and what it imports statically, at any depth, and no chunk loaded lazily', () => {
    const bundle = {
      'index.js': { type: 'chunk' as const, isEntry: true, imports: ['react.js', 'store.js'], dynamicImports: ['panel.js'] },
      'react.js': { type: 'chunk' as const, imports: [] },
      'store.js': { type: 'chunk' as const, imports: ['react.js', 'zustand.js'] },
      'zustand.js': { type: 'chunk' as const, imports: [] },
      'panel.js': { type: 'chunk' as const, imports: ['react.js', 'panel-only.js'] },
      'panel-only.js': { type: 'chunk' as const, imports: [] },
      'index.css': { type: 'asset' as const },
    }
    expect(firstScreenChunks(bundle).sort()).toEqual(['index.js', 'react.js', 'store.js', 'zustand.js'])
  })

  it.skipIf(!built)('is one script, headed by the compile hint; the chunks loaded later are not', () => {
    const html = readFileSync(join(RENDERER, 'index.html'), 'utf8')
    const initial = [...html.matchAll(/<(?:script[^>]*src|link rel="modulepreload"[^>]*href)="\.\/(assets\/[^"]+\.js)"/g)].map(
      m => m[1] as string,
    )
    expect(initial).toHaveLength(1)
    for (const file of initial) expect(readFileSync(join(RENDERER, file), 'utf8').startsWith(`${COMPILE_HINT}\n`), file).toBe(true)
    const entry = readFileSync(join(RENDERER, initial[0] as string), 'utf8')
    const lazy = [...entry.matchAll(/"\.\/([\w-]+\.js)"/g)].map(m => `assets/${m[1]}`).filter(f => !initial.includes(f))
    expect(lazy.length).toBeGreaterThan(3)
    for (const file of lazy) expect(readFileSync(join(RENDERER, file), 'utf8').startsWith(COMPILE_HINT), file).toBe(false)
  })

  it.skipIf(!built)('names its icon, a file of the build (without one a browser asks for /favicon.ico and logs a 404)', () => {
    const html = readFileSync(join(RENDERER, 'index.html'), 'utf8')
    const href = /<link rel="icon" type="image\/svg\+xml" href="\.\/(assets\/[^"]+\.svg)"/.exec(html)?.[1]
    expect(href).toBeDefined()
    expect(readFileSync(join(RENDERER, href as string), 'utf8')).toContain('<title>Partner API Console</title>')
  })
})
