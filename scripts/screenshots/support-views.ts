/**
 * Screenshots of the support and demo features, light and dark, at 1280×800: presenter mode (the step-through over
 * the consent flow with the authorize URL masked, larger type), an environment marked production (the red band and
 * the install confirmation asking for its name), and the sandbox scenario picker.
 * Run: `npx tsx scripts/screenshots/support-views.ts [outDir]` (default docs/screenshots; builds first when needed).
 * Writes presenter-{light,dark}.png, production-{light,dark}.png and scenarios-{light,dark}.png.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type Browser, chromium, type Page } from '@playwright/test'
import { SEED_LOCATIONS } from '../../src/sandbox/data/seed-data'
import { authorizeAsUser, DEMO_MERCHANT, openSection } from '../../test/e2e/support/authorize'
import { createEnvironment } from '../../test/e2e/support/environments'
import { CHROMIUM_ARGS, findChromium } from '../../test/support/chromium'
import { type StartedConsole, startConsole } from '../../test/support/console-host'
import { openConsolePage } from './console-page'

const ROOT = resolve(import.meta.dirname, '../..')
const OUT = resolve(process.argv[2] ?? join(ROOT, 'docs/screenshots'))
type Theme = 'light' | 'dark'
const PRODUCTION = 'Acme production'
const SOHO = SEED_LOCATIONS.find(s => s.location.name === 'Globe Bistro SoHo')?.location

async function openPage(browser: Browser, host: StartedConsole, theme: Theme): Promise<Page> {
  const page = await openConsolePage(browser, await host.freshUrl(), { theme })
  await page.getByTestId('status-environment').waitFor()
  return page
}

/** Tokens for the sandbox, and a production environment (the sandbox's demo client, tokens by paste). */
async function prepare(browser: Browser, host: StartedConsole): Promise<void> {
  const page = await openPage(browser, host, 'light')
  await authorizeAsUser(page)
  const sandboxUrl = host.sandboxUrl ?? host.output().match(/Built-in sandbox: (http:\/\/127\.0\.0\.1:\d+)/)?.[1] ?? ''
  await createEnvironment(page, {
    name: PRODUCTION,
    clientId: 'sandbox-demo-client',
    authUrl: sandboxUrl,
    redirectUri: 'http://127.0.0.1:8765/callback',
    catchMode: 'paste',
    secret: 'sandbox-demo-secret',
    production: true,
  })
  await page.getByRole('combobox', { name: 'Environment', exact: true }).selectOption({ label: PRODUCTION })
  await openSection(page, /^Consent flow/)
  await page.getByRole('radio', { name: /^Paste/ }).check()
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Open authorize page' }).click()
  const popup = await popupOpened
  await popup.getByLabel('Username').fill(DEMO_MERCHANT.username)
  await popup.getByLabel('Password').fill(DEMO_MERCHANT.password)
  await popup.getByRole('button', { name: 'Sign in' }).click()
  const redirect = popup.waitForRequest(r => r.url().startsWith('http://127.0.0.1:8765/callback?'))
  await popup.getByRole('button', { name: 'Allow' }).click()
  await page.getByLabel('Redirect URL or code').fill((await redirect).url())
  await page.getByRole('button', { name: 'Submit redirect' }).click()
  await page.getByRole('status', { name: 'Outcome' }).getByText('Access granted').waitFor()
  await page.getByRole('combobox', { name: 'Environment', exact: true }).selectOption({ label: 'Sandbox (built-in)' })
  await page.context().close()
}

async function presenter(browser: Browser, host: StartedConsole, theme: Theme): Promise<string> {
  const page = await openPage(browser, host, theme)
  await page.getByRole('button', { name: 'Presenter off' }).click()
  await page.getByRole('region', { name: 'Presenter steps' }).waitFor()
  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('ArrowRight')
  await page.getByRole('heading', { name: 'Consent flow' }).waitFor()
  await page.getByRole('radio', { name: /System browser \+ loopback/ }).check()
  await page.getByRole('button', { name: 'Build authorize URL' }).click()
  await page.getByRole('button', { name: 'Copy URL' }).waitFor()
  await page.keyboard.press('Control+`')
  await page.getByRole('button', { name: 'Copy URL' }).scrollIntoViewIfNeeded()
  await page.waitForTimeout(400)
  const file = `presenter-${theme}.png`
  await page.screenshot({ path: join(OUT, file) })
  await page.getByRole('button', { name: 'Presenter on' }).click()
  await page.getByRole('button', { name: 'Presenter off' }).waitFor()
  await page.context().close()
  return file
}

async function production(browser: Browser, host: StartedConsole, theme: Theme): Promise<string> {
  const page = await openPage(browser, host, theme)
  await page.getByRole('combobox', { name: 'Environment', exact: true }).selectOption({ label: PRODUCTION })
  await page.getByTestId('production-band').waitFor()
  await openSection(page, /^Locations/)
  if (!SOHO) throw new Error('no SoHo location in the seed data')
  const row = page.getByRole('table', { name: 'Locations' }).getByRole('row').filter({ hasText: SOHO.name })
  await row.getByRole('button', { name: `Install at ${SOHO.name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Install at ${SOHO.name}?` })
  await dialog.getByLabel('Type the location name to confirm').fill(SOHO.name)
  await dialog.getByLabel('Type the environment name to confirm (production)').fill('Acme')
  await page.waitForTimeout(400)
  const file = `production-${theme}.png`
  await page.screenshot({ path: join(OUT, file) })
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('combobox', { name: 'Environment', exact: true }).selectOption({ label: 'Sandbox (built-in)' })
  await page.context().close()
  return file
}

async function scenarios(browser: Browser, host: StartedConsole, theme: Theme): Promise<string> {
  const page = await openPage(browser, host, theme)
  await openSection(page, /^Sandbox controls/)
  const card = page.getByRole('region', { name: 'Scenarios' })
  await card.getByLabel('Scenario').selectOption({ label: 'Merchant granted only read:locations' })
  await page.waitForTimeout(400)
  const file = `scenarios-${theme}.png`
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
    const written: string[] = []
    for (const theme of ['light', 'dark'] as const) {
      written.push(await presenter(browser, host, theme), await production(browser, host, theme), await scenarios(browser, host, theme))
    }
    for (const f of written) console.log(`wrote ${join(OUT, f)}`)
  } finally {
    await browser.close()
    await host.stop()
  }
}

await main()
