import { rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { leakMessage, leftoversIn, makeTempFolder, processesUsing, RUN_ROOT_ENV, setTempRoot, stopStrays } from './temp-guard'

/**
 * Runs around every test file (vitest setupFiles): the file gets a temporary folder of its own inside the run's
 * (TMPDIR, so os.tmpdir() and the processes it starts use it), and fails, naming what was left, when after its last
 * hook that folder is not empty, a server it started still listens, or a process it started still runs.
 */
const root = process.env[RUN_ROOT_ENV]
let folder = ''

// biome-ignore lint/correctness/noEmptyPattern: vitest hands the suite over as the second argument, and wants the first destructured
beforeAll(({}, suite) => {
  if (!root) return
  const file = suite.file.filepath
  folder = join(root, relative(process.cwd(), file).replace(/[\\/:]/g, '__'))
  makeTempFolder(folder)
  setTempRoot(folder)
})

afterAll(async () => {
  if (!root || !folder) return
  // Close callbacks of servers closed by the file's own last hook run after this turn of the event loop.
  await new Promise(resolve => setImmediate(resolve))
  await new Promise(resolve => setImmediate(resolve))
  const problems: string[] = []
  const left = leftoversIn(folder)
  if (left.length) {
    problems.push(
      leakMessage(
        'This test file left temporary files behind',
        left,
        'Remove them in the test that creates them (afterEach/afterAll, or try/finally).',
      ),
    )
  }
  const running = stopStrays(processesUsing(folder))
  if (running.length) problems.push(leakMessage('This test file left processes running', running, 'Stop them and await their exit.'))
  const handles = process.getActiveResourcesInfo().filter(h => h === 'TCPServerWrap' || h === 'PipeServerWrap' || h === 'ProcessWrap')
  if (handles.length) {
    problems.push(
      leakMessage(
        'This test file left servers listening or child processes attached',
        handles,
        'Close every server and stop every child process it starts.',
      ),
    )
  }
  setTempRoot(root)
  rmSync(folder, { recursive: true, force: true })
  if (problems.length) throw new Error(problems.join('\n'))
})
