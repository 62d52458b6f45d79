import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../../..')

function sources(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const p = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...sources(p))
    else if (/\.(ts|tsx|mts)$/.test(entry.name)) out.push(p)
  }
  return out
}

/** Every module specifier a file imports at run time (type-only imports are erased and do not count). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8')
  const specs: string[] = []
  const re =
    /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm
  for (const m of text.matchAll(re)) {
    if (m[2]) continue
    const spec = m[3] ?? m[4] ?? m[5] ?? m[6]
    if (spec) specs.push(spec)
  }
  return specs
}

function offenders(dir: string, forbidden: (spec: string, target: string) => boolean): string[] {
  return sources(dir).flatMap(f =>
    runtimeImports(f)
      .filter(s => forbidden(s, s.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(f), s)) : s))
      .map(s => `${f} imports ${s}`),
  )
}

/** Contract modules without zod: what the renderer and the preload may import at run time. */
const ZOD_FREE = [
  'shared/contract/errors',
  'shared/contract/web-protocol',
  'shared/contract/build-api',
  'shared/contract/event-hub',
  'shared/contract/transport',
  'shared/contract/channel-names',
  'shared/contract/exchange-view',
  'shared/spec',
]

const inside = (target: string, folder: string) => target === folder || target.startsWith(`${folder}/`)

describe('the walls of ARCHITECTURE.md', () => {
  it('engine, web host, CLI, runtime and bridge never import electron', () => {
    for (const dir of ['src/main/engine', 'src/main/web', 'src/main/cli', 'src/main/runtime', 'src/main/bridge', 'src/sandbox']) {
      expect(offenders(dir, s => s === 'electron')).toEqual([])
    }
  })

  it('the sandbox imports neither the engine nor the contract: it verifies with its own code', () => {
    expect(offenders('src/sandbox', (s, t) => s.startsWith('.') && !inside(t, 'src/sandbox'))).toEqual([])
  })

  it('the engine never imports the sandbox, the renderer or React', () => {
    expect(offenders('src/main/engine', (s, t) => inside(t, 'src/sandbox') || inside(t, 'src/renderer') || s === 'react')).toEqual([])
  })

  it('the engine never imports what is built on it: the runtime, the bridge, the web host, the CLI, the Electron shell', () => {
    const above = ['src/main/runtime', 'src/main/bridge', 'src/main/web', 'src/main/cli', 'src/main/electron']
    expect(offenders('src/main/engine', (s, t) => s.startsWith('.') && above.some(folder => inside(t, folder)))).toEqual([])
  })

  it("the engine's HTTP client stands below its users: engine/http imports only core, log, quota and signing", () => {
    const below = [
      'src/main/engine/http',
      'src/main/engine/core',
      'src/main/engine/log',
      'src/main/engine/quota',
      'src/main/engine/signing',
    ]
    expect(
      offenders('src/main/engine/http', (s, t) => s.startsWith('.') && inside(t, 'src/main') && !below.some(folder => inside(t, folder))),
    ).toEqual([])
  })

  it('the contract imports only zod and itself', () => {
    expect(offenders('src/shared', (s, t) => !(s === 'zod' || inside(t, 'src/shared')))).toEqual([])
  })

  it('the renderer imports no Node module, no electron and no main-process code', () => {
    expect(
      offenders(
        'src/renderer',
        (s, t) =>
          s.startsWith('node:') || s === 'electron' || inside(t, 'src/main') || inside(t, 'src/sandbox') || inside(t, 'src/preload'),
      ),
    ).toEqual([])
  })

  it('the renderer takes only zod-free values from the contract (keeps zod out of the first screen)', () => {
    expect(offenders('src/renderer', s => s.includes('shared/contract') && !ZOD_FREE.some(a => s.endsWith(a)))).toEqual([])
  })

  it('the preload takes only zod-free modules of the contract (channel names, not the schemas)', () => {
    expect(offenders('src/preload', s => s !== 'electron' && !ZOD_FREE.some(a => s.endsWith(a)))).toEqual([])
  })

  it('the zod-free contract modules import no zod and no schema at run time', () => {
    for (const module of ZOD_FREE) {
      const file = `src/${module}.ts`
      expect(
        runtimeImports(file).filter(s => s === 'zod' || !ZOD_FREE.some(a => resolve(ROOT, dirname(file), s) === resolve(ROOT, 'src', a))),
      ).toEqual([])
    }
  })

  it('the preload exposes the bridge through contextBridge only', () => {
    const text = readFileSync(join(ROOT, 'src/preload/index.ts'), 'utf8')
    expect(text).toContain('contextBridge.exposeInMainWorld')
    expect(text).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer\s*\)/)
    expect(text).not.toMatch(/invoke:\s*\(/)
  })
})
