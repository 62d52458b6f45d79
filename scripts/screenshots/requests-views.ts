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
 * Screenshots of the Requests view for the README: `npx tsx scripts/screenshots/requests-views.ts [outDir]` (default
 * docs/screenshots). Starts the web host with a fresh data folder, authorizes against the built-in sandbox, sends the
 * ticket lookup (HMAC) from the catalogue twice with different bodies, and writes requests-{light,dark}.png (composer
 * with its response) and compare-{light,dark}.png (the two exchanges compared) at 1280×800.
 */

const ROOT = resolve(import.meta.dirname, '../..')

const panel = (p: Page) => p.getByTestId('requests-panel')

async function setBody(page: Page, text: string): Promise<void> {
  await panel(page).getByTestId('editor-Request body').locator('.monaco-editor').click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(text)
}

/** Consent, then two ticket lookups from the catalogue; the second one's body differs. Leaves A and B chosen. */
async function runFlow(page: Page): Promise<void> {
  await authorizeAsUser(page)
  await openSection(page, /^Requests/)
  await panel(page)
    .getByRole('button', { name: /POST \/pos\/v2\/lookup\/tickets/ })
    .click()
  await panel(page).getByRole('button', { name: 'Send' }).click()
  await panel(page).getByRole('status', { name: 'Response status' }).waitFor()
  await setBody(page, '{"ticketIds": ["T-1", "missing-2"')
  await panel(page).getByRole('button', { name: 'Send' }).click()
  await panel(page).getByTestId('editor-Response body').getByText('missing-2').first().waitFor()
  const rows = page.getByRole('table', { name: 'Network log' }).getByTestId('log-row').filter({ hasText: '/pos/v2/lookup/tickets' })
  await rows.first().click()
  await page.getByRole('button', { name: 'Compare: use as A' }).click()
  await rows.nth(1).click()
  await page.getByRole('button', { name: 'Compare with A' }).click()
  await panel(page).getByTestId('compare-summary').waitFor()
}

async function shoot(page: Page, tab: 'Composer' | 'Compare', file: string): Promise<string> {
  await panel(page).getByRole('tab', { name: tab }).click()
  if (tab === 'Composer') await panel(page).locator('.export-response .monaco-editor').waitFor()
  else await panel(page).getByTestId('compare-summary').waitFor()
  await page.evaluate('document.fonts.ready')
  await page.mouse.move(0, page.viewportSize()?.height ?? 0)
  await page.screenshot({ path: file })
  return file
}

/** Starts a console, runs the flow once and writes the screenshots; returns the files written. */
export async function captureRequestsViews(outDir = join(ROOT, 'docs/screenshots')): Promise<string[]> {
  execFileSync(process.execPath, [join(ROOT, 'scripts/ensure-built.mjs')], { stdio: 'inherit' })
  const dir = resolve(outDir)
  mkdirSync(dir, { recursive: true })
  const host = await startConsole()
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
  const written: string[] = []
  try {
    const page = await openConsolePage(browser, await host.freshUrl(), { theme: 'light' })
    await runFlow(page)
    // Fold the drawer so the view has the window.
    await page.keyboard.press('Control+Backquote')
    for (const theme of ['light', 'dark'] as const) {
      await page.getByRole('combobox', { name: 'Theme' }).selectOption(theme)
      written.push(await shoot(page, 'Composer', join(dir, `requests-${theme}.png`)))
      written.push(await shoot(page, 'Compare', join(dir, `compare-${theme}.png`)))
    }
    await page.context().close()
  } finally {
    await browser.close()
    await host.stop()
  }
  return written
}

if (import.meta.url === `file://${process.argv[1]}`) runCapture(captureRequestsViews)
