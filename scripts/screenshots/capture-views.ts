import { execFile, execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { startSandbox } from '../../src/sandbox'
import { openSection } from '../../test/e2e/support/authorize'
import { createEnvironment } from '../../test/e2e/support/environments'
import { CHROMIUM_ARGS, findChromium } from '../../test/support/chromium'
import { startConsole } from '../../test/support/console-host'
import { openConsolePage } from './console-page'
import { runCapture } from './run-capture'

/**
 * Screenshots of the Capture section and the doctor's scorecard: `npx tsx scripts/screenshots/capture-views.ts
 * [outDir]` (default docs/screenshots). A sandbox with auto-consent and a known client, an environment for it, the
 * capture started from the app, two partner integrations run through the printed gateway URLs (the correct one, then
 * one that signs the path with its capitals), the failed rule opened on its evidence, the drawer on the captured
 * exchanges; capture-{light,dark}-{1280,1920}.png.
 */

const ROOT = resolve(import.meta.dirname, '../..')
const FIXTURES = join(ROOT, 'test/fixtures/integrations/node')
const REDIRECT = 'http://127.0.0.1:9/callback'
const client = { clientId: 'acme-pos-integration', clientSecret: `acme-${process.pid}-secret`, redirectUri: REDIRECT }

function runIntegration(file: string, authUrl: string, baseUrl: string): Promise<void> {
  return new Promise(done => {
    execFile(
      process.execPath,
      [join(FIXTURES, file)],
      {
        env: {
          PATH: process.env.PATH ?? '',
          PARTNER_AUTH_URL: authUrl,
          PARTNER_BASE_URL: baseUrl,
          PARTNER_CLIENT_ID: client.clientId,
          PARTNER_CLIENT_SECRET: client.clientSecret,
          PARTNER_REDIRECT_URI: REDIRECT,
        },
        timeout: 60_000,
      },
      () => done(),
    )
  })
}

async function flow(page: Page, sandboxUrl: string): Promise<void> {
  await createEnvironment(page, {
    name: 'Acme POS (sandbox)',
    ...client,
    authUrl: sandboxUrl,
    secret: client.clientSecret,
    catchMode: 'paste',
  })
  await page.getByRole('combobox', { name: 'Environment', exact: true }).selectOption({ label: 'Acme POS (sandbox)' })
  await openSection(page, /^Capture/)
  await page.getByRole('button', { name: /^Start capturing/ }).click()
  const authUrl = (await page.getByTestId('capture-auth-url').textContent()) ?? ''
  const baseUrl = (await page.getByTestId('capture-base-url').textContent()) ?? ''
  await runIntegration('correct.mjs', authUrl, baseUrl)
  await runIntegration('path-not-lowercased.mjs', authUrl, baseUrl)
  const failed = page.locator('[data-rule="signing.signature"][data-verdict="fail"]')
  await failed.waitFor()
  await failed.getByRole('button').first().click()
  await page.getByRole('button', { name: 'Show captured exchanges in the log' }).click()
  await page.getByTestId('log-row').first().waitFor()
}

/** Starts a sandbox and a console, runs the flow at each size and writes the screenshots; returns the files written. */
export async function captureCaptureViews(outDir = join(ROOT, 'docs/screenshots')): Promise<string[]> {
  execFileSync(process.execPath, [join(ROOT, 'scripts/ensure-built.mjs')], { stdio: 'inherit' })
  const dir = resolve(outDir)
  mkdirSync(dir, { recursive: true })
  const written: string[] = []
  for (const [width, height] of [
    [1280, 800],
    [1920, 1080],
  ] as const) {
    // A sandbox and a console per size: each run starts from an empty log and a fresh doctor.
    const sb = await startSandbox({
      quiet: true,
      clients: [{ clientId: client.clientId, clientSecret: client.clientSecret, redirectUris: [REDIRECT] }],
      autoConsent: 'allow',
    })
    const host = await startConsole()
    const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
    try {
      const page = await openConsolePage(browser, await host.freshUrl(), { theme: 'light', width, height })
      await flow(page, sb.url)
      for (const theme of ['light', 'dark'] as const) {
        await page.getByRole('combobox', { name: 'Theme' }).selectOption(theme)
        await page.evaluate('document.fonts.ready')
        const file = join(dir, `capture-${theme}-${width}.png`)
        await page.screenshot({ path: file })
        written.push(file)
      }
      await page.context().close()
    } finally {
      await browser.close()
      await host.stop()
      await sb.close()
    }
  }
  return written
}

if (import.meta.url === `file://${process.argv[1]}`) runCapture(captureCaptureViews)
