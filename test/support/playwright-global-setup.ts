import { rmSync } from 'node:fs'
import { repositoryEntries } from './repo-guard'
import { leakMessage, leftoversIn, processesUsing, startRunTempRoot, stopStrays } from './temp-guard'

/**
 * Playwright's global setup: the browser run gets its own TMPDIR (the workers, Chromium and every web host a test
 * starts inherit it), and fails at the end, naming them, when files are left in it (a web host's data folder not
 * removed) or processes started by a test still run. Playwright's workers have exited when the returned teardown runs.
 */
export default function globalSetup(): () => void {
  const root = startRunTempRoot('pc-playwright-')
  const repository = process.cwd()
  const before = repositoryEntries(repository)
  return () => {
    const written = [...repositoryEntries(repository)].filter(entry => !before.has(entry))
    const running = stopStrays(processesUsing(root))
    const left = leftoversIn(root)
    rmSync(root, { recursive: true, force: true })
    const problems: string[] = []
    if (left.length) {
      problems.push(
        leakMessage(
          'Temporary files were left behind by the browser tests',
          left,
          'Stop every web host a test starts (startConsole().stop() removes its data folder) and remove what a test writes.',
        ),
      )
    }
    if (written.length) {
      problems.push(
        leakMessage(
          'Files were written into the repository by the browser tests',
          written,
          'Write them in the test’s temporary folder (os.tmpdir()) instead.',
        ),
      )
    }
    if (running.length)
      problems.push(
        leakMessage(
          'Processes started by the browser tests were still running',
          running,
          'Stop them in the test (or fixture) that starts them.',
        ),
      )
    if (problems.length) throw new Error(problems.join('\n'))
  }
}
