import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type Browser, chromium, type Page } from '@playwright/test'
import { authorizeAsUser, openSection } from '../../test/e2e/support/authorize'
import { CHROMIUM_ARGS, findChromium } from '../../test/support/chromium'
import { type StartedConsole, startConsole } from '../../test/support/console-host'
import { openConsolePage } from './console-page'
import { runCapture } from './run-capture'

/**
 * Screenshots of the overview and the auth views (consent flow, tokens, sandbox controls, environments) at 1280×800 in both themes,
 * taken from the real console after a completed consent flow, so they show real data. Needs `npm run build` first.
 * Run: `npx tsx scripts/screenshots/auth-views.ts [outDir]` (default docs/screenshots).
 */

const VIEWPORT = { width: 1280, height: 800 }
type Theme = 'light' | 'dark'

/** A page in `theme` with the bottom drawer closed, so the panel has the room. */
async function openPage(browser: Browser, host: StartedConsole, theme: Theme): Promise<Page> {
  const page = await openConsolePage(browser, await host.freshUrl(), { theme, ...VIEWPORT })
  await page.getByRole('combobox', { name: 'Theme' }).selectOption(theme)
  await page.keyboard.press('Control+Backquote')
  return page
}

/** Runs the consent flow once (loopback, Allow) and gives the sandbox something to show (a fault, a lower limit). */
async function prepare(page: Page): Promise<void> {
  await authorizeAsUser(page)
  await page.getByRole('status', { name: 'Outcome' }).waitFor()
  await openSection(page, /^Sandbox controls/)
  const faults = page.getByRole('region', { name: 'Faults' })
  await faults.getByRole('button', { name: 'Add fault' }).click()
  await faults.getByRole('table', { name: 'Active faults' }).waitFor()
  const quotas = page.getByRole('region', { name: 'Quotas' })
  await quotas.getByRole('button', { name: 'Set limit' }).click()
  await quotas.getByText(/limit rules/).waitFor()
  await openSection(page, /^Tokens/)
  await page.getByRole('button', { name: 'Refresh', exact: true }).click()
  await page.getByText('after refresh').waitFor()
  await openSection(page, /^Environments/)
  await page.getByRole('button', { name: 'New environment' }).click()
  const form = page.getByRole('form', { name: 'New environment' })
  await form.getByLabel('Name', { exact: true }).fill('Staging EU')
  await form.getByLabel('Client ID (client_id)').fill('partner-staging-7f3a')
  await form.getByLabel('Auth URL (auth_url)').fill('https://auth.staging.example.com')
  await form.getByLabel('Base URL (base_url)').fill('https://api.staging.example.com')
  await form.getByLabel('Redirect URI (redirect_uri)').fill('https://partner.example.com/oauth/callback/')
  await form.getByLabel('Catch mode').selectOption('paste')
  await form.getByLabel('Client secret (client_secret)').fill('stg_secret_screenshot_only_0000')
  await form.getByText('Path overrides').click()
  await form.getByLabel('Export tickets (4.6)').fill('/partner/api/v1/export/{locationId}/tickets')
  await form.getByTestId('redirect-as-sent').getByText('redirect_uri=https%3A%2F%2Fpartner').waitFor()
  await form.getByRole('button', { name: 'Create environment' }).click()
  await page.getByRole('region', { name: 'Environment Staging EU' }).waitFor()
}

async function shoot(page: Page, name: RegExp, ready: (page: Page) => Promise<unknown>, file: string): Promise<string> {
  await openSection(page, name)
  await ready(page)
  await page.evaluate('document.fonts.ready')
  await page.mouse.move(0, VIEWPORT.height - 1)
  await page.screenshot({ path: file })
  return file
}

/** Starts a console, completes a consent flow and writes the screenshots; returns the files written. */
export async function captureAuthViews(outDir = 'docs/screenshots'): Promise<string[]> {
  const dir = resolve(outDir)
  mkdirSync(dir, { recursive: true })
  const host = await startConsole()
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
  const written: string[] = []
  try {
    const first = await openPage(browser, host, 'light')
    await prepare(first)
    await first.context().close()
    for (const theme of ['light', 'dark'] as const) {
      const page = await openPage(browser, host, theme)
      written.push(
        await shoot(page, /^Consent flow/, p => p.getByRole('status', { name: 'Outcome' }).waitFor(), join(dir, `consent-${theme}.png`)),
      )
      written.push(await shoot(page, /^Tokens/, p => p.getByTestId('access-fingerprint').waitFor(), join(dir, `tokens-${theme}.png`)))
      written.push(
        await shoot(
          page,
          /^Sandbox controls/,
          p => p.getByRole('table', { name: 'Issued tokens' }).waitFor(),
          join(dir, `sandbox-${theme}.png`),
        ),
      )
      written.push(
        await shoot(
          page,
          /^Environments/,
          async p => {
            await p.getByRole('table', { name: 'Environments' }).getByRole('button', { name: 'Staging EU', exact: true }).click()
            await p.getByRole('region', { name: 'Environment Staging EU' }).waitFor()
          },
          join(dir, `environments-${theme}.png`),
        ),
      )
      written.push(
        await shoot(page, /^Overview/, p => p.getByRole('heading', { name: 'Overview' }).waitFor(), join(dir, `overview-${theme}.png`)),
      )
      await page.context().close()
    }
  } finally {
    await browser.close()
    await host.stop()
  }
  return written
}

if (import.meta.url === `file://${process.argv[1]}`) runCapture(captureAuthViews)
