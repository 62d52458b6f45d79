/**
 * Screenshots of the signature inspector for the README: `npx tsx scripts/screenshots/inspector-views.ts`.
 * Builds if needed, starts the console's web host with a fresh data folder (built-in sandbox included), signs a real
 * export request for the built-in sandbox client, and writes docs/screenshots/inspector-{light,dark}.png (1280×800)
 * and inspector-1024x700.png.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type Browser, chromium, type Page } from '@playwright/test'
import { exportTicketsPath, SPEC_PATHS } from '../../src/shared/spec'
import { CHROMIUM_ARGS, findChromium } from '../../test/support/chromium'
import { type StartedConsole, startConsole } from '../../test/support/console-host'

const ROOT = resolve(import.meta.dirname, '../..')
const OUT = join(ROOT, 'docs/screenshots')
const PATH = exportTicketsPath(SPEC_PATHS.exportTickets, 1001, '2026-11-01', '2026-11-22')
const BUILTIN_CLIENT_ID = 'partner-console-builtin'

const SHOTS = [
  { file: 'inspector-light.png', width: 1280, height: 800, colorScheme: 'light' },
  { file: 'inspector-dark.png', width: 1280, height: 800, colorScheme: 'dark' },
  { file: 'inspector-1024x700.png', width: 1024, height: 700, colorScheme: 'light' },
] as const

/** One export through the page's own bridge socket, so the skew meter has a server time to show (ignored if unwired). */
async function warmUpSkew(page: Page): Promise<void> {
  await page.evaluate(`(async () => {
    const ws = new WebSocket('ws://' + location.host + '/bridge')
    await new Promise((r, j) => { ws.onopen = r; ws.onerror = j })
    const done = new Promise((r) => { ws.onmessage = (e) => { if (JSON.parse(e.data).t === 'result') r() } })
    ws.send(JSON.stringify({ t: 'invoke', id: 1, channel: 'http:exportTickets', payload: { locationId: 101001, from: '2026-11-01', to: '2026-11-22' } }))
    await Promise.race([done, new Promise((r) => setTimeout(r, 5000))])
    ws.close()
  })()`)
}

async function shoot(browser: Browser, host: StartedConsole, shot: (typeof SHOTS)[number]): Promise<string> {
  const context = await browser.newContext({ viewport: { width: shot.width, height: shot.height }, colorScheme: shot.colorScheme })
  const page = await context.newPage()
  await page.goto(await host.freshUrl())
  await warmUpSkew(page)
  await page.getByRole('button', { name: /^Signature inspector/ }).click()
  await page.getByLabel('Path (with query, as sent)').fill(PATH)
  let note = 'signed with the built-in sandbox environment'
  const signed = page.getByTestId('header-x-signature')
  const failed = page.getByRole('alert')
  await Promise.race([signed.waitFor(), failed.first().waitFor()])
  if (!(await signed.isVisible())) {
    // No environment provider in this build: sign with the sandbox client id and a stand-in secret typed for the session.
    await page.getByLabel('Client id (x-access-key)').fill(BUILTIN_CLIENT_ID)
    await page.getByLabel('Client secret (this session only)').fill('stand-in-secret-for-the-screenshot')
    note = 'signed with a stand-in secret (no environment provider in this build)'
  }
  const hide = page.getByRole('button', { name: 'Hide ▾' })
  if (await hide.isVisible()) await hide.click()
  await page.getByRole('button', { name: 'Now', exact: true }).click()
  await signed.waitFor()
  await page.waitForTimeout(1200)
  await page.screenshot({ path: join(OUT, shot.file) })
  await context.close()
  return `${shot.file} (${shot.width}×${shot.height}, ${shot.colorScheme}): ${note}`
}

async function main(): Promise<void> {
  execFileSync(process.execPath, [join(ROOT, 'scripts/ensure-built.mjs')], { stdio: 'inherit' })
  mkdirSync(OUT, { recursive: true })
  const host = await startConsole()
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
  try {
    for (const shot of SHOTS) console.log(`wrote docs/screenshots/${await shoot(browser, host, shot)}`)
  } finally {
    await browser.close()
    await host.stop()
  }
}

await main()
