import { posix } from 'node:path'

/**
 * The renderer's folder rule (docs/architecture.md, "The renderer"), as a pure function over file texts so a test can
 * run it on the real tree and on planted fixtures.
 *
 * - `features/<name>/` is one section. Its files import their own folder, the shared ground (`domain/`, `ui/`,
 *   `bridge/`, `stores/`) and another feature only through that feature's public entry `features/<other>/index.ts`.
 * - The shared ground (`domain/`, `ui/`, `bridge/`, `stores/`) never imports a feature, nor the frame at run time (a
 *   type such as `SectionId` may come from it), and is layered: `bridge/` and `stores/` use each other, `domain/`
 *   uses those two, `ui/` all three.
 * - The frame (`frame/`, `app.tsx`, `main.tsx`) places features: statically through their public entry only; lazily
 *   (`import()`) it may load a feature's panel module, which is how sections are split into chunks.
 * - Query keys are built in the one module `domain/query-keys.ts` only: no literal key array (`queryKey: [...]`,
 *   `setQueryData([...])`) and no `…Keys = {` object anywhere else.
 * - Features are built one way: only hook modules (`use-*.ts`), `domain/` and `bridge/` call the bridge (`invoke`);
 *   a component asks a hook. Event-to-cache feeds (`use…Feed()`) are mounted once, in `frame/live-updates.ts`, never by
 *   a widget. A request's optional environment is written with `withEnvId(envId)` (domain/env-scope.ts), not by hand.
 */

export interface SourceFile {
  /** Path relative to the renderer root (`src/renderer/src`), with forward slashes, e.g. `features/tokens/x.tsx`. */
  path: string
  text: string
}

export interface Violation {
  file: string
  /** The import specifier or the offending text. */
  found: string
  rule: string
}

interface ImportRef {
  spec: string
  dynamic: boolean
  /** `import type` / `export type`: erased at build time. */
  typeOnly: boolean
}

/** Every module a file refers to: static imports and re-exports (types too: they couple as much), side-effect and dynamic imports. */
export function importsOf(text: string): ImportRef[] {
  const refs: ImportRef[] = []
  const re =
    /^\s*(?:import|export)\s+(type\s+)?[^'";]*?\sfrom\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm
  for (const m of text.matchAll(re)) {
    if (m[2] ?? m[3]) refs.push({ spec: (m[2] ?? m[3]) as string, dynamic: false, typeOnly: m[1] !== undefined })
    else if (m[4]) refs.push({ spec: m[4], dynamic: true, typeOnly: false })
  }
  return refs
}

const SHARED_GROUND = ['domain', 'ui', 'bridge', 'stores']

/** The layers of the shared ground: what each may import at run time besides itself (types may come from anywhere). */
const GROUND_LAYERS: Record<string, readonly string[]> = {
  bridge: ['stores'],
  stores: ['bridge'],
  domain: ['bridge', 'stores'],
  ui: ['domain', 'stores', 'bridge'],
}

function top(path: string): string {
  return path.split('/')[0] ?? ''
}

/** `features/<name>` of a path inside a feature, else null. */
function featureOf(path: string): string | null {
  const m = /^features\/([^/]+)\//.exec(path)
  return m ? (m[1] as string) : null
}

/** The target of a relative specifier, relative to the renderer root, without extension; null for packages. */
function resolveSpec(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null
  return posix.normalize(posix.join(posix.dirname(from), spec)).replace(/\.(tsx?|css)$/, '')
}

function isPublicEntry(target: string, feature: string): boolean {
  return target === `features/${feature}` || target === `features/${feature}/index`
}

const FEATURE_RULE =
  'a feature uses another feature only through its public entry features/<name>/index.ts; move what several features share to domain/ or ui/, or export it from that index.ts'
const GROUND_RULE = 'the shared ground (domain/, ui/, bridge/, stores/) never imports a feature or the frame: it is what features stand on'
const LAYER_RULE = 'the shared ground is layered: bridge/ and stores/ use each other, domain/ uses those two, ui/ uses all three'
const FRAME_RULE =
  'the frame imports a feature statically only through its public entry features/<name>/index.ts (a lazy import() may load its panel)'
const INVOKE_RULE =
  'only hook modules (use-*.ts), domain/ and bridge/ call the bridge: move the invoke() into a hook of the feature and call that hook'
const FEED_RULE =
  'event-to-cache feeds are mounted once, beside the query client, in frame/live-updates.ts: add the feed there, not in a widget'
const ENV_RULE = "a request's optional environment is written withEnvId(envId) (domain/env-scope.ts)"
const KEYS_RULE =
  'query keys come from the one module domain/query-keys.ts: use its keys object instead of a literal array or a keys object here'

/** Violations of the folder rule and of the query-key rule in the given renderer files. */
export function checkRenderer(files: readonly SourceFile[]): Violation[] {
  const out: Violation[] = []
  for (const file of files) {
    const own = featureOf(file.path)
    const area = top(file.path)
    for (const ref of importsOf(file.text)) {
      const target = resolveSpec(file.path, ref.spec)
      if (target === null) continue
      const targetFeature = featureOf(`${target}/`)
      if (targetFeature === null || targetFeature === own) {
        const layer = top(target)
        if (!SHARED_GROUND.includes(area) || ref.typeOnly || layer === area) continue
        if (layer === 'frame') out.push({ file: file.path, found: ref.spec, rule: GROUND_RULE })
        else if (SHARED_GROUND.includes(layer) && !GROUND_LAYERS[area]?.includes(layer))
          out.push({ file: file.path, found: ref.spec, rule: LAYER_RULE })
        continue
      }
      if (own !== null) {
        if (!isPublicEntry(target, targetFeature)) out.push({ file: file.path, found: ref.spec, rule: FEATURE_RULE })
      } else if (SHARED_GROUND.includes(area)) {
        out.push({ file: file.path, found: ref.spec, rule: GROUND_RULE })
      } else if (!ref.dynamic && !isPublicEntry(target, targetFeature)) {
        out.push({ file: file.path, found: ref.spec, rule: FRAME_RULE })
      }
    }
    const hookModule = /(^|\/)use-[^/]+\.ts$/.test(file.path)
    if (!hookModule && area !== 'domain' && area !== 'bridge') {
      for (const m of file.text.matchAll(/import\s*\{[^}]*\binvoke\b[^}]*\}\s*from\s*['"][^'"]*bridge\/bridge['"]/g))
        out.push({ file: file.path, found: m[0], rule: INVOKE_RULE })
    }
    if (file.path !== 'frame/live-updates.ts') {
      for (const m of file.text.matchAll(/\buse[A-Z]\w*Feed\(\)(?!\s*:)/g)) out.push({ file: file.path, found: m[0], rule: FEED_RULE })
    }
    if (file.path !== 'domain/env-scope.ts') {
      for (const m of file.text.matchAll(/\b(?:\w+\.)?envId\s*\?\s*\{\s*envId\b/g))
        out.push({ file: file.path, found: m[0], rule: ENV_RULE })
    }
    if (file.path !== 'domain/query-keys.ts') {
      const literal =
        /queryKey:\s*\[|Quer(?:y|ies)(?:Data|State)(?:<[^>]*>)?\(\s*\[|export\s+const\s+\w+Keys\s*=|\bconst\s+\w+_QUERY_KEY\b/g
      for (const m of file.text.matchAll(literal)) out.push({ file: file.path, found: m[0], rule: KEYS_RULE })
    }
  }
  return out
}

/** One line per violation: the file, what it imports (or writes) and the rule it breaks. */
export function explain(violations: readonly Violation[]): string {
  return violations.map(v => `${v.file}: '${v.found}' — ${v.rule}`).join('\n')
}
