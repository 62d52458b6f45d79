import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkRenderer, explain, importsOf, type SourceFile } from './renderer-rules'

const RENDERER = resolve(import.meta.dirname, '../../../src/renderer/src')

function rendererFiles(dir = RENDERER): SourceFile[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const p = join(dir, entry.name)
    if (entry.isDirectory()) return rendererFiles(p)
    if (!/\.(ts|tsx)$/.test(entry.name)) return []
    return [{ path: relative(RENDERER, p).split('\\').join('/'), text: readFileSync(p, 'utf8') }]
  })
}

describe('the renderer: features stand on shared ground, not on each other', () => {
  it('no feature imports another feature’s internals, the shared ground imports no feature, keys live in domain/query-keys.ts', () => {
    const files = rendererFiles()
    expect(files.length).toBeGreaterThan(100)
    const violations = checkRenderer(files)
    expect(violations, explain(violations)).toEqual([])
  })

  it('every feature that others use has a public entry, and each entry is imported by someone', () => {
    const files = rendererFiles()
    const entries = files.filter(f => /^features\/[^/]+\/index\.ts$/.test(f.path)).map(f => f.path.split('/')[1])
    expect(entries.length).toBeGreaterThan(0)
    for (const feature of entries) {
      const users = files.filter(
        f =>
          !f.path.startsWith(`features/${feature}/`) &&
          importsOf(f.text).some(r => r.spec.endsWith(`features/${feature}`) || r.spec.endsWith(`../${feature}`)),
      )
      expect(
        users.map(u => u.path),
        `features/${feature}/index.ts is imported by nobody outside it`,
      ).not.toEqual([])
    }
  })
})

describe('the checker catches what it is there to catch (planted fixtures)', () => {
  it('a feature importing another feature’s internals, naming the file, the import and the rule', () => {
    const violations = checkRenderer([
      { path: 'features/tokens/tokens-panel.tsx', text: "import { useAuthFeed } from '../consent/use-auth'\n" },
    ])
    expect(violations).toHaveLength(1)
    expect(explain(violations)).toMatch(
      /^features\/tokens\/tokens-panel\.tsx: '\.\.\/consent\/use-auth' — a feature uses another feature only through its public entry/,
    )
  })

  it('multi-line, type-only, re-export, side-effect and dynamic imports into another feature all count', () => {
    const text = [
      "import {\n  a,\n  b,\n} from '../inspector/inspector-store'",
      "import type { X } from '../requests/draft'",
      "export { y } from '../bundle/bundle-write'",
      "import '../export-tickets/export-tickets.css'",
      "const Lazy = lazy(() => import('../quotas/quotas-panel'))",
    ].join('\n')
    const found = checkRenderer([{ path: 'features/network-log/x.tsx', text }]).map(v => v.found)
    expect(found).toEqual([
      '../inspector/inspector-store',
      '../requests/draft',
      '../bundle/bundle-write',
      '../export-tickets/export-tickets.css',
      '../quotas/quotas-panel',
    ])
  })

  it('a public entry, the own folder and the shared ground are allowed', () => {
    const text = [
      "import { openInInspector } from '../inspector'",
      "import { CopyAs } from '../requests/index'",
      "import { useLogStore } from './log-store'",
      "import { useActiveEnvId } from '../../domain/app-info'",
      "import { ErrorBox } from '../../ui/error-box'",
      "import { useQuery } from '@tanstack/react-query'",
    ].join('\n')
    expect(checkRenderer([{ path: 'features/network-log/x.tsx', text }])).toEqual([])
  })

  it('the shared ground importing a feature (even its entry) or the frame', () => {
    const violations = checkRenderer([
      { path: 'domain/auth.ts', text: "import { LifecycleDiagram } from '../features/consent'\n" },
      { path: 'ui/thing.tsx', text: "import { SECTION_LIST } from '../frame/section-list'\n" },
    ])
    expect(violations.map(v => [v.file, v.found])).toEqual([
      ['domain/auth.ts', '../features/consent'],
      ['ui/thing.tsx', '../frame/section-list'],
    ])
  })

  it('the layers of the shared ground: the bridge does not use domain/, domain/ does not use ui/', () => {
    const violations = checkRenderer([
      { path: 'bridge/bridge.ts', text: "import { useAppInfo } from '../domain/app-info'\n" },
      { path: 'domain/auth.ts', text: "import { ErrorBox } from '../ui/error-box'\nimport type { X } from '../ui/thing'\n" },
      { path: 'ui/exchange-summary.tsx', text: "import { errorFacts } from '../domain/error-facts'\n" },
    ])
    expect(violations.map(v => [v.file, v.found])).toEqual([
      ['bridge/bridge.ts', '../domain/app-info'],
      ['domain/auth.ts', '../ui/error-box'],
    ])
  })

  it('the frame: a static deep import is refused, a lazy panel import and the public entry are allowed', () => {
    const text = [
      "import { useLogStore } from '../features/network-log/log-store'",
      "import { useLogFeed } from '../features/network-log'",
      "const P = lazy(() => import('../features/inspector/inspector-panel'))",
    ].join('\n')
    expect(checkRenderer([{ path: 'frame/drawer.tsx', text }]).map(v => v.found)).toEqual(['../features/network-log/log-store'])
  })

  it('a component calling the bridge, a widget mounting a feed, a hand-written optional envId', () => {
    const component = [
      "import { invoke } from '../../bridge/bridge'",
      "import { useQuery } from '@tanstack/react-query'",
      "const q = useQuery({ queryKey: k, queryFn: () => invoke('log:list', {}) })",
      'useAuthFeed()',
      "invoke('oauth:tokens', envId ? { envId } : {})",
      "invoke('http:install', { ...(input.envId ? { envId: input.envId } : {}), locationId })",
    ].join('\n')
    const found = checkRenderer([{ path: 'features/tokens/token-card.tsx', text: component }]).map(v => v.found)
    expect(found).toEqual(["import { invoke } from '../../bridge/bridge'", 'useAuthFeed()', 'envId ? { envId', 'input.envId ? { envId'])
    const allowed = [
      { path: 'features/tokens/use-tokens.ts', text: "import { invoke } from '../../bridge/bridge'\n" },
      { path: 'domain/auth.ts', text: "import { invoke } from '../bridge/bridge'\nexport function useAuthFeed(): void {}\n" },
      { path: 'frame/live-updates.ts', text: 'useAuthFeed()\nuseLogFeed()\n' },
      { path: 'domain/env-scope.ts', text: 'return envId ? { envId } : {}\n' },
      { path: 'frame/status-bar.tsx', text: "import { bridgeTransport } from '../bridge/bridge'\n" },
    ]
    expect(checkRenderer(allowed)).toEqual([])
  })

  it('literal query keys and keys objects outside domain/query-keys.ts (a second keys module included)', () => {
    const text = [
      "useQuery({ queryKey: ['requests', 'predict'], queryFn })",
      "client.setQueryData<SkewStatus>(['signing:skew'], next)",
      "client.getQueryState(['log', 'list'])",
      "export const fooKeys = { all: ['foo'] as const }",
      'useQuery({ queryKey: fooKeys.all, queryFn })',
    ].join('\n')
    const found = checkRenderer([{ path: 'features/requests/x.ts', text }]).map(v => v.found)
    expect(found).toHaveLength(4)
    expect(checkRenderer([{ path: 'domain/query-keys.ts', text }])).toEqual([])
    expect(checkRenderer([{ path: 'domain/query-keys/foo.ts', text }]).map(v => v.found)).toHaveLength(4)
  })
})
