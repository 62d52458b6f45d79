import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * The temporary-files rule, enforced: every test run gets a temporary folder of its own (TMPDIR, which os.tmpdir()
 * and every child process honour), and whatever is left in it when the run ends fails the run, named. Shared by
 * vitest (test/support/vitest-global-setup.ts, vitest-file-guard.ts) and Playwright (playwright-global-setup.ts).
 */

/** Set by the global setup: the run's own temporary folder, and the machine's real one (for tool caches). */
export const RUN_ROOT_ENV = 'PC_TEST_TMP_ROOT'
const REAL_TMP_ENV = 'PC_TEST_REAL_TMPDIR'

/**
 * Caches of the tools the tests run (tsx's and Playwright's transform caches, Node's compile cache, jiti's, used by
 * electron-builder) live in TMPDIR too. They are not
 * the tests' files: each temporary folder links them to the machine's own, so they stay warm across runs and are
 * not counted as leftovers.
 */
function toolCaches(): string[] {
  const uid = typeof process.getuid === 'function' ? process.getuid() : ''
  return [`tsx-${uid}`, `playwright-transform-cache-${uid}`, 'node-compile-cache', 'jiti']
}

/** Points `process.env.TMPDIR` (and TMP/TEMP) at `dir`: os.tmpdir() and spawned processes use it from now on. */
export function setTempRoot(dir: string): void {
  process.env.TMPDIR = dir
  process.env.TMP = dir
  process.env.TEMP = dir
}

/** Creates a run's temporary folder under the machine's one, with the tool caches linked in; makes it TMPDIR. */
export function startRunTempRoot(prefix: string): string {
  const real = process.env[REAL_TMP_ENV] ?? tmpdir()
  const root = mkdtempSync(join(real, prefix))
  process.env[REAL_TMP_ENV] = real
  process.env[RUN_ROOT_ENV] = root
  // The user's sent-signature ledger (src/main/engine/http/folder-signatures.ts) lives in TMPDIR: the tests' processes
  // share one of their own outside the run's folder, as a user's processes share theirs (it empties itself in 11 s).
  process.env.PARTNER_CONSOLE_SIGNATURE_LEDGER ??= join(
    real,
    `partner-console-signatures-tests-${typeof process.getuid === 'function' ? process.getuid() : 'user'}`,
  )
  linkToolCaches(root)
  setTempRoot(root)
  return root
}

/** Creates (empty) one test file's temporary folder inside the run's, with the tool caches linked in. */
export function makeTempFolder(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  linkToolCaches(dir)
}

function linkToolCaches(dir: string): void {
  const real = process.env[REAL_TMP_ENV] ?? tmpdir()
  for (const name of toolCaches()) {
    const target = join(real, name)
    mkdirSync(target, { recursive: true })
    // 'junction': a folder link Windows allows without privileges (ignored elsewhere).
    symlinkSync(target, join(dir, name), 'junction')
  }
}

/** What is in `dir` besides the linked tool caches (and `skip`), as paths relative to it, a folder's content listed. */
export function leftoversIn(dir: string, skip: ReadonlySet<string> = new Set()): string[] {
  const caches = new Set(toolCaches())
  const out: string[] = []
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return out
  }
  for (const name of names.sort()) {
    if (skip.has(name) || (caches.has(name) && isLink(join(dir, name)))) continue
    out.push(name)
    try {
      for (const inner of readdirSync(join(dir, name), { recursive: true }).slice(0, 5)) out.push(`${name}/${String(inner)}`)
    } catch {
      // a file, not a folder
    }
  }
  return out
}

function isLink(path: string): boolean {
  try {
    readlinkSync(path)
    return true
  } catch {
    return false
  }
}

export interface StrayProcess {
  pid: number
  parent: number
  command: string
}

/**
 * Processes still running whose TMPDIR is inside `root`: children (and grandchildren) a test started and left behind.
 * Read from /proc, so Linux only (elsewhere: none found). The caller's own process is never listed.
 */
export function processesUsing(root: string): StrayProcess[] {
  if (process.platform !== 'linux') return []
  const found: StrayProcess[] = []
  for (const pid of readdirSync('/proc').filter(p => /^\d+$/.test(p))) {
    if (Number(pid) === process.pid) continue
    try {
      const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')
      if (!env.some(v => v === `TMPDIR=${root}` || v.startsWith(`TMPDIR=${root}/`))) continue
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 200)
      const parent = Number(/PPid:\s*(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? -1)
      found.push({ pid: Number(pid), parent, command })
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found
}

/** Reports stray processes as lines and stops them (SIGKILL, by pid), so a failed run leaves nothing running. */
export function stopStrays(strays: StrayProcess[]): string[] {
  return strays.map(p => {
    try {
      process.kill(p.pid, 'SIGKILL')
    } catch {
      // already gone
    }
    return `pid ${p.pid}: ${p.command}`
  })
}

/** The message that fails a run or a file: what was left, where, and what to do. */
export function leakMessage(what: string, items: string[], hint: string): string {
  return `${what}:\n${items.map(i => `  ${i}`).join('\n')}\n${hint}`
}
