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
 * Screenshots of bringing requests in: `npx tsx scripts/screenshots/import-views.ts [outDir]` (default
 * docs/screenshots). A partner's signed cURL command in the Paste cURL box, then the request it became (notes, HMAC)
 * with a Postman collection imported into saved requests; import-{light,dark}-{1280,1920}.png.
 */

const ROOT = resolve(import.meta.dirname, '../..')
const panel = (p: Page) => p.getByTestId('requests-panel')
const CURL = `curl 'https://api.partner.example/pos/v2/lookup/tickets' \\
  -H 'content-type: application/json' -H 'x-access-key: partner-demo' \\
  -H 'x-timestamp: 1600000000' -H 'x-signature: 5f0c1e0d9a' \\
  --data-raw '{"ticketIds":["T-1"]}'`

async function flow(page: Page): Promise<void> {
  await authorizeAsUser(page)
  await openSection(page, /^Requests/)
  await panel(page)
    .getByLabel('Collection file')
    .setInputFiles([join(ROOT, 'test/integration/requests/fixtures/partner-api.postman_collection.json')])
  await panel(page)
    .getByText(/Imported 6 from Postman/)
    .waitFor()
  await panel(page).getByRole('button', { name: 'Paste cURL' }).click()
  await panel(page).getByLabel('cURL command').fill(CURL)
  await panel(page).getByRole('button', { name: 'Use this request' }).click()
  await panel(page).getByTestId('draft-notes').waitFor()
}

/** Starts a console, runs the flow at each size and writes the screenshots; returns the files written. */
export async function captureImportViews(outDir = join(ROOT, 'docs/screenshots')): Promise<string[]> {
  execFileSync(process.execPath, [join(ROOT, 'scripts/ensure-built.mjs')], { stdio: 'inherit' })
  const dir = resolve(outDir)
  mkdirSync(dir, { recursive: true })
  const host = await startConsole()
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
  const written: string[] = []
  try {
    for (const [width, height] of [
      [1280, 800],
      [1920, 1080],
    ] as const) {
      const page = await openConsolePage(browser, await host.freshUrl(), { theme: 'light', width, height })
      await flow(page)
      for (const theme of ['light', 'dark'] as const) {
        await page.getByRole('combobox', { name: 'Theme' }).selectOption(theme)
        await page.evaluate('document.fonts.ready')
        const file = join(dir, `import-${theme}-${width}.png`)
        await page.screenshot({ path: file })
        written.push(file)
      }
      await page.context().close()
    }
  } finally {
    await browser.close()
    await host.stop()
  }
  return written
}

if (import.meta.url === `file://${process.argv[1]}`) runCapture(captureImportViews)
