import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { authorizeAsUser, openSection } from '../../test/e2e/support/authorize'
import { CHROMIUM_ARGS, findChromium } from '../../test/support/chromium'
import { startConsole } from '../../test/support/console-host'
import { openConsolePage } from './console-page'
import { runCapture } from './run-capture'

/**
 * Screenshots of the request views (Locations with an install done, Export tickets with a response) for the README:
 * `npx tsx scripts/screenshots/locations-views.ts [outDir]` (default docs/screenshots). Builds if needed, starts the
 * console's web host with a fresh data folder, runs a real flow against the built-in sandbox (consent in the popup,
 * list, install at one location, export its tickets) and writes locations-{light,dark}.png and export-{light,dark}.png
 * at 1280×800, and locations-1024.png at 1024×700.
 */

const ROOT = resolve(import.meta.dirname, '../..')
const LOCATION = 'Globe Bistro SoHo'

/** Consent (loopback, Allow), list, install at LOCATION, export its tickets for the last 7 days. */
async function runFlow(page: Page): Promise<void> {
  await authorizeAsUser(page)
  await page.getByRole('status', { name: 'Outcome' }).waitFor()

  await openSection(page, /^Locations/)
  await page.getByRole('button', { name: `Install at ${LOCATION}` }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Install' }).click()
  await page.getByRole('status', { name: 'Install result' }).getByText('Installed').waitFor()

  await page.getByRole('button', { name: 'Export tickets…' }).click()
  await page.getByRole('button', { name: 'Last 7 days' }).click()
  await page.getByTestId('preview-x-signature').waitFor()
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await page.getByRole('status', { name: 'Export status' }).waitFor()
}

async function shoot(page: Page, name: RegExp, ready: (page: Page) => Promise<unknown>, file: string): Promise<string> {
  await openSection(page, name)
  await ready(page)
  await page.evaluate('document.fonts.ready')
  await page.mouse.move(0, page.viewportSize()?.height ?? 0)
  await page.screenshot({ path: file })
  return file
}

const locationsReady = (p: Page) => p.getByRole('status', { name: 'Install result' }).waitFor()
/** The response editor has loaded monaco (not its plain-text stand-in). */
const exportReady = (p: Page) => p.locator('.export-response .monaco-editor').waitFor()

/** Starts a console, runs the flow once and writes the screenshots; returns the files written. */
export async function captureLocationsViews(outDir = join(ROOT, 'docs/screenshots')): Promise<string[]> {
  execFileSync(process.execPath, [join(ROOT, 'scripts/ensure-built.mjs')], { stdio: 'inherit' })
  const dir = resolve(outDir)
  mkdirSync(dir, { recursive: true })
  const host = await startConsole()
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
  const written: string[] = []
  try {
    // One page throughout: the install outcome and the export response are this page's session state.
    const page = await openConsolePage(browser, await host.freshUrl(), { theme: 'light' })
    await runFlow(page)
    await page.keyboard.press('Control+Backquote')
    for (const theme of ['light', 'dark'] as const) {
      await page.getByRole('combobox', { name: 'Theme' }).selectOption(theme)
      written.push(await shoot(page, /^Locations/, locationsReady, join(dir, `locations-${theme}.png`)))
      written.push(await shoot(page, /^Export tickets/, exportReady, join(dir, `export-${theme}.png`)))
    }
    await page.getByRole('combobox', { name: 'Theme' }).selectOption('light')
    await page.setViewportSize({ width: 1024, height: 700 })
    written.push(await shoot(page, /^Locations/, locationsReady, join(dir, 'locations-1024.png')))
    await page.context().close()
  } finally {
    await browser.close()
    await host.stop()
  }
  return written
}

if (import.meta.url === `file://${process.argv[1]}`) runCapture(captureLocationsViews)
