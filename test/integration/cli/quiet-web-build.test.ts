import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

// `npm run web` is quiet (issue 22, item 13): the real script builds (forced here) and starts the web host; what the
// user reads before the URL is a few lines, with no bundler listing and no chunk-size warning.

const ROOT = join(import.meta.dirname, '../../..')
const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise(r => child.once('exit', r))
  child.stdin?.end()
  child.kill('SIGINT')
  await exited
}

describe('npm run web', () => {
  it('builds in two lines, then prints the URL; the build output and its warnings stay out', { timeout: 400_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pc-quiet-'))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    const child = spawn(process.execPath, ['scripts/ensure-built.mjs', '--force', '--run', 'web', '--no-open', '--data-dir', dataDir], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    cleanups.push(() => stop(child))
    let out = ''
    const url = await new Promise<string>((resolve, reject) => {
      const take = (d: Buffer) => {
        out += String(d)
        const m = /http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+/.exec(out)
        if (m && out.includes('Ctrl-C to stop.')) resolve(m[0])
      }
      child.stdout?.on('data', take)
      child.stderr?.on('data', take)
      child.once('exit', code => reject(new Error(`exited with ${code} before a URL:\n${out}`)))
    })
    const lines = out.trimEnd().split('\n')
    const urlLine = lines.findIndex(l => l.includes(url))
    expect(lines[0]).toBe('Rebuilding as asked: building (about a minute)…')
    expect(lines[1]).toMatch(/^Built in \d+ s \(--verbose shows the build output\)\.$/)
    // The build's own lines (vite's listing, "(!) Some chunks are larger than 500 kB") are not shown.
    expect(out).not.toMatch(/kB|chunks are larger|vite v|transforming/)
    expect(urlLine).toBeGreaterThan(1)
    expect(lines.length).toBeLessThanOrEqual(12)
  })
})
