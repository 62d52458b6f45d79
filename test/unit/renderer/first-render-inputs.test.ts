// @vitest-environment jsdom
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FIRST_SCREEN_STORES, firstRenderInputs } from '../../../src/renderer/src/first-screen/first-render-inputs'
import { useDrawerHeightStore } from '../../../src/renderer/src/stores/drawer-height-store'
import { useNavStore } from '../../../src/renderer/src/stores/nav-store'

const ROOT = resolve(import.meta.dirname, '../../..')
const MAIN = join(ROOT, 'src/renderer/src/main.tsx')

/** Files main.tsx loads before its first render: its static imports, followed (lazy import() calls are not). */
function firstScreenFiles(): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(/^\s*(?:import|export)\s(?:[^'"]*?\sfrom\s)?['"](\.[^'"]+)['"]/gm)) {
      const base = resolve(dirname(file), m[1] as string)
      const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
        f => existsSync(f) && /\.tsx?$/.test(f),
      )
      if (found) visit(found)
    }
  }
  visit(MAIN)
  return [...seen]
}

/** The stores a file creates with zustand: `export const useX = create…`. */
function storesCreatedIn(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  if (!/from 'zustand'/.test(text)) return []
  return [...text.matchAll(/export const (use\w+) = create\b/g)].map(m => m[1] as string)
}

describe('what the first render depends on', () => {
  it('every store the first screen creates is among the inputs the pre-render records (or markup could be adopted from other state)', () => {
    const files = firstScreenFiles()
    expect(files.length).toBeGreaterThan(20)
    const created = files.flatMap(f => storesCreatedIn(f).map(name => `${relative(ROOT, f)}: ${name}`))
    expect(created.length).toBeGreaterThanOrEqual(Object.keys(FIRST_SCREEN_STORES).length)
    const missing = created.filter(entry => !((entry.split(': ')[1] as string) in FIRST_SCREEN_STORES))
    expect(missing).toEqual([])
  })

  it('a remembered preference or a short window changes the inputs, so the page renders afresh instead of adopting', () => {
    const fresh = firstRenderInputs()
    useDrawerHeightStore.setState({ height: 333 })
    expect(firstRenderInputs()).not.toBe(fresh)
    useDrawerHeightStore.setState({ height: null })
    expect(firstRenderInputs()).toBe(fresh)
    useNavStore.setState({ drawerOpen: false })
    expect(firstRenderInputs()).not.toBe(fresh)
  })
})
