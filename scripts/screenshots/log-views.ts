/**
 * Screenshots of the Quotas panel and the network log for the README, with real data: tokens from the real consent
 * page, a few GET locations, the sandbox limit lowered to 2 and the 429 that follows, and the refused retry.
 * Run: `npx tsx scripts/screenshots/log-views.ts [outDir]` (default docs/screenshots; builds first when needed).
 * Writes quotas-{light,dark}.png and network-log-{light,dark}.png at 1280×800, network-log-1920.png at 1920×1080.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type Browser, chromium, type Page } from '@playwright/test'
import { SPEC_PATHS } from '../../src/shared/spec'
import { authorizeAsUser, openSection } from '../../test/e2e/support/authorize'
import { CHROMIUM_ARGS, findChromium } from '../../test/support/chromium'
import { type StartedConsole, startConsole } from '../../test/support/console-host'
import { openConsolePage } from './console-page'

const ROOT = resolve(import.meta.dirname, '../..')
const OUT = resolve(process.argv[2] ?? join(ROOT, 'docs/screenshots'))
const LOCATIONS = SPEC_PATHS.locations
type Theme = 'light' | 'dark'

async function send(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Send GET locations' }).click()
  await page.getByRole('button', { name: 'Send GET locations' }).and(page.locator(':enabled')).waitFor()
}

/** Tokens, three calls under the default limit, the limit lowered to 2, the 429, and a refused retry. */
async function prepare(browser: Browser, host: StartedConsole): Promise<void> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
  await page.goto(await host.freshUrl())
  await authorizeAsUser(page)
  await openSection(page, /^Quotas/)
  for (let i = 0; i < 3; i++) await send(page)
  await openSection(page, /^Sandbox controls/)
  const controls = page.getByRole('region', { name: 'Quotas' })
  await controls.getByLabel('Path').fill(LOCATIONS)
  await controls.getByLabel('Limit').fill('2')
  await controls.getByRole('button', { name: 'Set limit' }).click()
  await controls.getByRole('button', { name: 'Set limit' }).and(page.locator(':enabled')).waitFor()
  await openSection(page, /^Quotas/)
  await send(page)
  await page.getByRole('status', { name: `Blocked: GET ${LOCATIONS}` }).waitFor()
  await page.context().close()
}

async function openPage(browser: Browser, host: StartedConsole, theme: Theme, width: number, height: number): Promise<Page> {
  return openConsolePage(browser, await host.freshUrl(), { theme, width, height })
}

async function quotas(browser: Browser, host: StartedConsole, theme: Theme): Promise<string> {
  const page = await openPage(browser, host, theme, 1280, 800)
  await openSection(page, /^Quotas/)
  await page.getByRole('article', { name: `Quota GET ${LOCATIONS}` }).waitFor()
  await send(page) // refused while blocked: the panel shows the console's explanation
  await page.getByRole('alert').waitFor()
  await page.waitForTimeout(400)
  const file = `quotas-${theme}.png`
  await page.screenshot({ path: join(OUT, file) })
  await page.context().close()
  return file
}

/** The drawer raised (keyboard on its top edge), the last successful bearer call selected. */
async function networkLog(
  browser: Browser,
  host: StartedConsole,
  theme: Theme,
  width: number,
  height: number,
  file: string,
): Promise<string> {
  const page = await openPage(browser, host, theme, width, height)
  await openSection(page, /^Quotas/)
  const edge = page.getByRole('separator', { name: 'Resize the drawer' })
  await edge.focus()
  for (let i = 0; i < (height > 900 ? 6 : 9); i++) await page.keyboard.press('ArrowUp')
  const rows = page.getByRole('table', { name: 'Network log' }).getByTestId('log-row')
  const ok = rows.filter({ hasText: LOCATIONS }).filter({ hasText: '200' }).last()
  await ok.getByRole('button').click()
  const detail = page.getByRole('region', { name: 'Entry detail' })
  await detail.getByRole('table', { name: 'Request headers' }).waitFor()
  await detail.getByRole('button', { name: 'Copy as cURL' }).click()
  await detail.getByTestId('curl-command').waitFor()
  if (width > 1600) {
    await detail.getByRole('button', { name: 'Close the detail' }).click()
    await rows.filter({ hasText: '429' }).last().getByRole('button').click()
    await detail.getByRole('button', { name: 'Timing' }).click()
    await detail.getByRole('table', { name: 'Timing waterfall' }).waitFor()
  }
  await page.waitForTimeout(400)
  await page.screenshot({ path: join(OUT, file) })
  await page.context().close()
  return file
}

async function main(): Promise<void> {
  execFileSync(process.execPath, [join(ROOT, 'scripts/ensure-built.mjs')], { stdio: 'inherit' })
  mkdirSync(OUT, { recursive: true })
  const host = await startConsole()
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
  try {
    await prepare(browser, host)
    const written = [
      await quotas(browser, host, 'light'),
      await quotas(browser, host, 'dark'),
      await networkLog(browser, host, 'light', 1280, 800, 'network-log-light.png'),
      await networkLog(browser, host, 'dark', 1280, 800, 'network-log-dark.png'),
      await networkLog(browser, host, 'light', 1920, 1080, 'network-log-1920.png'),
    ]
    for (const f of written) console.log(`wrote ${join(OUT, f)}`)
  } finally {
    await browser.close()
    await host.stop()
  }
}

await main()
