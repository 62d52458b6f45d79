import { execFileSync } from 'node:child_process'

/** What the test runners themselves write there by configuration (vitest.config.ts, playwright.config.ts). */
const RUNNER_OUTPUTS = new Set(['reports/', 'test-results/', 'playwright-report/'])

/**
 * Files a test writes into the repository instead of its temporary folder: the untracked and ignored entries git
 * reports (ignored folders collapsed, so expected outputs inside out/ or reports/ do not count) that were not there
 * before the run, less the runners' own outputs. Returns the entries; empty outside a git checkout.
 */
export function repositoryEntries(root: string): Set<string> {
  try {
    const out = execFileSync('git', ['status', '--porcelain', '--ignored'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    return new Set(
      out
        .split('\n')
        .filter(line => line.startsWith('?? ') || line.startsWith('!! '))
        .map(line => line.slice(3))
        .filter(entry => !RUNNER_OUTPUTS.has(entry)),
    )
  } catch {
    return new Set()
  }
}
