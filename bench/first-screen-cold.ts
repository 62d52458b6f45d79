import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { type Browser, type CDPSession, chromium } from '@playwright/test'
import { chromiumOrSkip } from './skip'
import { alternatingMedians } from './support/alternating'
import type { BenchRow } from './support/bench-row'

const ROOT = join(import.meta.dirname, '..')

/** The baseline: a bare node:http process serving a blank page with the same heading; it prints its URL when listening. */
const BLANK = `
const server = require('node:http').createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html' }); res.end('<!doctype html><title>blank</title><h1>Overview</h1>')
})
server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port + '/'))
process.on('SIGINT', () => server.close(() => process.exit(0)))
`

/**
 * The first screen as a user gets it from cold: \`partner-console web\` started (a fresh data folder), its one-time URL
 * opened in Chromium, until the Overview heading is visible; against a blank page served by a bare node:http process
 * started and opened the same way. Process start included for both, alternating runs, medians of 5 after a warm-up.
 * Goal ≤ 1.5×.
 *
 * Each URL is opened as a browser opens a link it is handed (what `web` does through the launch file): a new tab created
 * with that URL (CDP Target.createTarget), not Playwright's newPage + goto, which first commits about:blank in a renderer
 * of its own that a later navigation may or may not reuse. (Session 9 measured that difference while the console still
 * sent a Cross-Origin-Opener-Policy header; session 10 dropped the header, see docs/security.md: it made every cold open
 * start a second renderer process.) Opened as a new tab, both pages start one renderer and are measured alike.
 */
export async function benchFirstScreenCold(): Promise<BenchRow> {
  const launch = chromiumOrSkip()
  const browser = await chromium.launch(launch)
  const cdp = await browser.newBrowserCDPSession()
  try {
    const { baseline, subject } = await alternatingMedians(
      () => coldFirstScreen(browser, cdp, ['-e', BLANK], /(http:\/\/127\.0\.0\.1:\d+\/)\n/),
      () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'pc-bench-first-screen-'))
        return coldFirstScreen(
          browser,
          cdp,
          [join(ROOT, 'bin/partner-console.mjs'), 'web', '--no-open', '--data-dir', dataDir],
          /(http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)\n/,
        ).finally(() => rmSync(dataDir, { recursive: true, force: true }))
      },
      { warmup: 1, samples: 5 },
    )
    return {
      name: 'first screen from cold: web host process start to the Overview heading in Chromium, vs a blank page from a bare node:http process',
      baseline: Math.round(baseline),
      subject: Math.round(subject),
      ratio: Math.round((subject / baseline) * 100) / 100,
      goal: '≤ 1.5×',
      unit: 'ms',
    }
  } finally {
    await browser.close()
  }
}

/**
 * Starts `node args`, opens the URL it prints in a new tab of a fresh browser context (see benchFirstScreenCold), and
 * returns ms from spawn to the heading.
 */
async function coldFirstScreen(browser: Browser, cdp: CDPSession, args: string[], urlPattern: RegExp): Promise<number> {
  const started = performance.now()
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] })
  const before = new Set((await cdp.send('Target.getBrowserContexts')).browserContextIds)
  const context = await browser.newContext()
  try {
    const contextId = (await cdp.send('Target.getBrowserContexts')).browserContextIds.find(id => !before.has(id))
    if (!contextId) throw new Error('The new browser context did not show in Target.getBrowserContexts: cannot open a tab in it.')
    const url = await printedUrl(child, urlPattern)
    const opened = context.waitForEvent('page')
    await cdp.send('Target.createTarget', { url, browserContextId: contextId })
    const page = await opened
    await page.getByRole('heading', { name: 'Overview' }).waitFor()
    return performance.now() - started
  } finally {
    await context.close()
    await stop(child)
  }
}

function printedUrl(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = ''
    const onData = (d: Buffer) => {
      out += String(d)
      const m = pattern.exec(out)
      if (m?.[1]) {
        child.stdout?.off('data', onData)
        resolve(m[1])
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (d: Buffer) => {
      out += String(d)
    })
    child.once('exit', code => reject(new Error(`node exited with ${code} before printing its URL:\n${out.slice(-500)}`)))
  })
}

/** Ctrl-C as a user stops it, then waits for the exit (SIGKILL after 5 s). */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise(r => child.once('exit', r))
  child.stdin?.end()
  child.kill('SIGINT')
  const late = setTimeout(() => child.kill('SIGKILL'), 5000)
  await exited
  clearTimeout(late)
}
