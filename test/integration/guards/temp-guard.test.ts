import { spawn } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { OutputText } from '../../support/output'

const ROOT = resolve(import.meta.dirname, '../../..')
const FIXTURES = join(import.meta.dirname, 'fixtures')

/** Runs a test runner on a deliberately leaking fixture, in a process of its own; returns its exit code and output. */
async function runLeakyFixture(runner: 'vitest' | 'playwright'): Promise<{ code: number | null; output: string }> {
  // A fresh run: the child makes its own run folder (inside this file's TMPDIR), not this run's.
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' }
  delete env.PC_TEST_TMP_ROOT
  delete env.PC_TEST_REAL_TMPDIR
  const args =
    runner === 'vitest'
      ? [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', join(FIXTURES, 'vitest.leaky.config.ts')]
      : [join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '--config', join(FIXTURES, 'playwright.leaky.config.ts')]
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = OutputText.of(child)
  const code = await new Promise<number | null>(r => child.once('close', r))
  return { code, output: output.text }
}

describe('the temporary-files and stray-process guard', () => {
  it('fails a test file that leaves files, a server and a process behind, naming each, and the run for what escaped', async () => {
    const leaked = join(FIXTURES, 'leaked-into-repository.txt')
    const { code, output } = await runLeakyFixture('vitest').finally(() => rm(leaked, { force: true }))
    expect(code, output).toBe(1)
    // The file's own check names the file and what it left.
    expect(output).toMatch(/FAIL .*leaky\.fixture\.ts/)
    expect(output).toContain('This test file left temporary files behind')
    expect(output).toMatch(/pc-leaked-folder-\w+\/left\.txt/)
    expect(output).toContain('This test file left processes running')
    expect(output).toMatch(/pid \d+: \S*node -e setInterval/)
    expect(output).toContain('This test file left servers listening or child processes attached')
    expect(output).toContain('TCPServerWrap')
    // What was made before the file's folder existed is caught by the run's own check at the end.
    expect(output).toContain('Temporary files were left behind by the tests')
    expect(output).toMatch(/pc-leaked-at-load-\w+/)
    expect(output).toContain('Files were written into the repository by the tests')
    expect(output).toContain('test/integration/guards/fixtures/leaked-into-repository.txt')
  }, 60_000)

  it('fails a browser run that leaves a data folder and a process behind, naming both', async () => {
    const { code, output } = await runLeakyFixture('playwright')
    expect(code, output).toBe(1)
    expect(output).toContain('Temporary files were left behind by the browser tests')
    expect(output).toMatch(/pc-e2e-leaked-\w+/)
    expect(output).toContain('Processes started by the browser tests were still running')
    expect(output).toMatch(/pid \d+: \S*node -e setInterval/)
  }, 60_000)
})
