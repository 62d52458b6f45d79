import { type Dirent, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Folders whose exports must be used somewhere (the app's own code); tests, benchmarks and scripts count as users. */
const PRODUCERS = ['src']
const USERS = ['src', 'test', 'bench', 'scripts', 'bin']

function files(root: string, dir: string): string[] {
  const out: string[] = []
  let entries: Dirent[]
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true })
  } catch {
    return out
  }
  for (const e of entries) {
    const p = join(dir, e.name)
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'fixtures') out.push(...files(root, p))
    } else if (/\.(ts|tsx|mts|mjs|js)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p)
  }
  return out
}

const DECLARED =
  /^export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|interface|type|enum|abstract\s+class)\s+([A-Za-z_$][\w$]*)/gm

/**
 * Exported names of `src/` that nothing else mentions: no other file of the app, its tests, benchmarks or scripts names
 * them. A name used only inside its own file is reported too (it need not be exported). Textual on purpose: it is
 * fast, and a false "used" (the same word elsewhere) only hides a dead export, never fails a live one.
 */
export function deadExports(root: string): string[] {
  const texts = new Map<string, string>()
  for (const dir of USERS) for (const f of files(root, dir)) texts.set(f, readFileSync(join(root, f), 'utf8'))
  const words = new Map<string, Set<string>>()
  for (const [f, text] of texts) {
    for (const m of text.matchAll(/[A-Za-z_$][\w$]*/g)) {
      const set = words.get(m[0]) ?? new Set<string>()
      set.add(f)
      words.set(m[0], set)
    }
  }
  const dead: string[] = []
  for (const [f, text] of texts) {
    if (!PRODUCERS.some(p => f.startsWith(`${p}/`))) continue
    for (const m of text.matchAll(DECLARED)) {
      const name = m[1]!
      const users = [...(words.get(name) ?? [])].filter(u => u !== f)
      if (users.length === 0) dead.push(`${f.split('\\').join('/')}: ${name}`)
    }
  }
  return dead.sort()
}
