import { rmSync } from 'node:fs'
import { repositoryEntries } from './repo-guard'
import { leakMessage, leftoversIn, processesUsing, startRunTempRoot, stopStrays } from './temp-guard'

/**
 * Vitest's global setup: the run gets its own TMPDIR (every worker and every process a test starts inherits it), and
 * the run fails at the end, naming them, when files are left in it or processes started by a test are still running.
 * Each test file's own check (vitest-file-guard.ts) names the file; this one catches what escaped it.
 */
export default function setup(): () => void {
  const root = startRunTempRoot('pc-vitest-')
  const repository = process.cwd()
  const before = repositoryEntries(repository)
  return () => {
    const written = [...repositoryEntries(repository)].filter(entry => !before.has(entry))
    // Vitest's own workers (children of this process) are still alive while global teardown runs.
    const running = stopStrays(processesUsing(root).filter(p => p.parent !== process.pid))
    const left = leftoversIn(root)
    rmSync(root, { recursive: true, force: true })
    const problems: string[] = []
    if (left.length)
      problems.push(
        leakMessage(
          'Temporary files were left behind by the tests',
          left,
          'Remove them in the test that creates them (afterEach/afterAll, or try/finally).',
        ),
      )
    if (written.length) {
      problems.push(
        leakMessage(
          'Files were written into the repository by the tests',
          written,
          'Write them in the test’s temporary folder (os.tmpdir()) instead.',
        ),
      )
    }
    if (running.length)
      problems.push(
        leakMessage(
          'Processes started by the tests were still running',
          running,
          'Stop them (and await their exit) in the test that starts them.',
        ),
      )
    if (problems.length) throw new Error(problems.join('\n'))
  }
}
