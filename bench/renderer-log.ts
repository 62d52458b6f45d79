import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { startConsole } from '../test/support/console-host'
import { chromiumOrSkip } from './skip'
import type { BenchRow } from './support/bench-row'

const ENTRIES = 10_000
const ROUNDS = 5
const METHODS = ['GET', 'GET', 'GET', 'POST', 'DELETE']
const STATUSES = [200, 200, 204, 404, 429, 500]
// A session refreshes its token now and then: a few distinct (already redacted) tokens over the whole file.
const TOKEN_FINGERPRINTS = ['1cd47bfb', '568f9e22', '0a9be3f1']

export interface RendererLogResult extends BenchRow {
  met: boolean
  rowsInDom: number
  scrollToEndMs: number
  baselineScrollToEndMs: number
  importMs: number
}

/** A HAR 1.2 document of `n` plausible exchanges (the shape the console exports), oldest first. */
export function generateHar(n: number): string {
  const t0 = Date.parse('2026-11-22T09:00:00Z')
  const entries = Array.from({ length: n }, (_, i) => {
    const status = STATUSES[i % STATUSES.length] as number
    const wait = 3 + (i % 37)
    return {
      startedDateTime: new Date(t0 + i * 360).toISOString(),
      time: wait + 1.5,
      request: {
        method: METHODS[i % METHODS.length],
        url: `http://127.0.0.1:9/marketplace/v2/platform-token/locations/${100000 + i}?page=${i % 9}`,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: [
          { name: 'accept', value: 'application/json' },
          { name: 'authorization', value: `Bearer [redacted:access_token:${TOKEN_FINGERPRINTS[i % TOKEN_FINGERPRINTS.length]}]` },
        ],
        queryString: [],
        headersSize: -1,
        bodySize: 0,
      },
      response: {
        status,
        statusText: status === 200 ? 'OK' : 'Something',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: [
          { name: 'content-type', value: 'application/json' },
          { name: 'x-ratelimit-remaining', value: String(100 - (i % 100)) },
        ],
        content: { size: 40, mimeType: 'application/json', text: `{"id":${i},"name":"Location ${i}","ok":true}` },
        redirectURL: '',
        headersSize: -1,
        bodySize: 40,
      },
      cache: {},
      timings: { blocked: 0.2, dns: -1, connect: -1, ssl: -1, send: 0.1, wait, receive: 1.2 },
    }
  })
  return JSON.stringify({ log: { version: '1.2', creator: { name: 'bench', version: '1' }, entries } })
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] ?? Number.NaN
}

/** Opens the drawer (closed first) and times it until the virtualized rows are painted. */
async function timeDrawerMount(page: Page): Promise<number> {
  await page.getByRole('button', { name: /^Hide ▾/ }).click()
  await page.getByTestId('log-row').first().waitFor({ state: 'detached' })
  return page.evaluate<number>(`(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)))
    const show = [...document.querySelectorAll('button')].find((b) => b.textContent.startsWith('Show'))
    const t0 = performance.now()
    show.click()
    while (!document.querySelector('[data-testid="log-row"]')) await frame()
    await frame()
    await frame()
    return performance.now() - t0
  })()`)
}

/** Scrolls a box to its top, then times the jump to its end until the last row is painted. */
async function timeScrollToEnd(page: Page, box: string, lastRow: string): Promise<number> {
  return page.evaluate<number>(`(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)))
    const el = document.querySelector(${JSON.stringify(box)})
    el.scrollTop = 0
    await frame()
    await frame()
    const t0 = performance.now()
    el.scrollTop = el.scrollHeight
    for (let i = 0; i < 600 && !document.querySelector(${JSON.stringify(lastRow)}); i++) await frame()
    await frame()
    return performance.now() - t0
  })()`)
}

/** The baseline: the same 10,000 rows as a plain table (no virtualization) built in the same page, until painted. */
async function timePlainTable(page: Page): Promise<{ mount: number; scroll: number }> {
  const mount = await page.evaluate<number>(`(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)))
    document.getElementById('plain-box')?.remove()
    const t0 = performance.now()
    const box = document.createElement('div')
    box.id = 'plain-box'
    box.style.cssText = 'position:fixed;left:240px;right:0;bottom:24px;height:260px;overflow:auto;background:var(--bg);z-index:20;font-size:12px'
    const table = document.createElement('table')
    table.className = 'netlog__table'
    const body = document.createElement('tbody')
    for (let i = 0; i < ${ENTRIES}; i++) {
      const tr = document.createElement('tr')
      tr.className = 'netlog__row'
      tr.dataset.plain = String(i)
      for (const text of [String(i + 1), 'GET', '200', '/marketplace/v2/platform-token/locations/' + (100000 + i), 'api · bearer', '40 B', '4.5 ms', '']) {
        const td = document.createElement('td')
        td.textContent = text
        tr.append(td)
      }
      body.append(tr)
    }
    table.append(body)
    box.append(table)
    document.body.append(box)
    void box.offsetHeight
    await frame()
    await frame()
    return performance.now() - t0
  })()`)
  const scroll = await timeScrollToEnd(page, '#plain-box', `tr[data-plain="${ENTRIES - 1}"]`)
  await page.evaluate("document.getElementById('plain-box')?.remove()")
  return { mount, scroll }
}

/**
 * The network log with 10,000 entries in Chromium through the real web host: a generated HAR imported through the
 * UI, then the drawer's mount (until rows are painted) and a jump to the end, against the same 10,000 rows rendered as
 * a plain table in the same page. Goal: the virtualized log mounts at most as slowly as the plain table (ratio ≤ 1)
 * and keeps fewer than 200 rows in the DOM.
 */
export async function benchRendererLog(): Promise<RendererLogResult> {
  const launch = chromiumOrSkip()
  const dir = mkdtempSync(join(tmpdir(), 'pc-bench-'))
  const harFile = join(dir, 'ten-thousand.har')
  writeFileSync(harFile, generateHar(ENTRIES))
  const host = await startConsole()
  const browser = await chromium.launch(launch)
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
    await page.goto(await host.freshUrl())
    await page.getByLabel('Entries kept').selectOption(String(ENTRIES))
    await page.getByLabel('Entries kept').and(page.locator(':enabled')).waitFor()
    const t0 = Date.now()
    await page.getByLabel('Open HAR').setInputFiles(harFile)
    await page
      .getByTestId('log-count')
      .filter({ hasText: `${ENTRIES} entries` })
      .waitFor({ timeout: 120_000 })
    const importMs = Date.now() - t0

    const mounts: number[] = []
    const scrolls: number[] = []
    const plainMounts: number[] = []
    const plainScrolls: number[] = []
    let rowsInDom = 0
    for (let r = 0; r < ROUNDS; r++) {
      mounts.push(await timeDrawerMount(page))
      scrolls.push(await timeScrollToEnd(page, '[data-testid="log-scroll"]', `tr[data-index="${ENTRIES - 1}"]`))
      rowsInDom = Math.max(rowsInDom, await page.locator('[data-testid="log-row"]').count())
      const plain = await timePlainTable(page)
      plainMounts.push(plain.mount)
      plainScrolls.push(plain.scroll)
    }
    const subject = median(mounts)
    const baseline = median(plainMounts)
    const ratio = subject / Math.max(0.001, baseline)
    return {
      name: `network log: mount with ${ENTRIES} entries (virtualized) vs the same rows as a plain table`,
      baseline: Math.round(baseline * 10) / 10,
      subject: Math.round(subject * 10) / 10,
      ratio,
      goal: `ratio ≤ 1 and < 200 rows in the DOM (measured ${rowsInDom})`,
      unit: 'ms',
      met: ratio <= 1 && rowsInDom < 200,
      rowsInDom,
      scrollToEndMs: Math.round(median(scrolls) * 10) / 10,
      baselineScrollToEndMs: Math.round(median(plainScrolls) * 10) / 10,
      importMs,
    }
  } finally {
    await browser.close()
    await host.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchRendererLog()
  console.log(
    `network log, ${ENTRIES} entries: mount ${r.subject} ms vs plain table ${r.baseline} ms (ratio ${r.ratio.toFixed(3)}); ` +
      `scroll to end ${r.scrollToEndMs} ms vs ${r.baselineScrollToEndMs} ms; ${r.rowsInDom} rows in the DOM; import through the UI ${r.importMs} ms — ${r.met ? 'goal met' : 'GOAL MISSED'}`,
  )
}
