import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { type RunningSandbox, startSandbox } from '../../src/sandbox'
import { type StartedConsole, startConsole } from '../support/console-host'
import { openSection } from './support/authorize'
import { createEnvironment } from './support/environments'

// The Capture section as a partner engineer uses it: start the capture from the app, point a real Node integration
// (fetch; authorize, refresh, bearer and HMAC-signed calls) at the two loopback URLs the app prints, and watch the
// exchange count rise, the captured entries in the drawer (source and client named, the signature verdict), the
// doctor's scorecard fill in, a rule open on its evidence, and the capture stop.
// The sandbox here is one of the test's own, with auto-consent and a client whose secret the test knows: the built-in
// sandbox's client secret is random and never shown, and its consent page needs a person.

const INTEGRATION = join(import.meta.dirname, '../fixtures/integrations/node/correct.mjs')
const REDIRECT = 'http://127.0.0.1:9/callback'
const client = { clientId: 'capture-e2e-client', clientSecret: `capture-e2e-${process.pid}-secret`, redirectUri: REDIRECT }

let host: StartedConsole
let sb: RunningSandbox

test.beforeAll(async () => {
  sb = await startSandbox({
    quiet: true,
    clients: [{ clientId: client.clientId, clientSecret: client.clientSecret, redirectUris: [REDIRECT] }],
    autoConsent: 'allow',
  })
  host = await startConsole()
})
test.afterAll(async () => {
  await host?.stop()
  await sb?.close()
})

/** Runs the partner's integration with the URLs the app printed; resolves with its output once it has ended. */
function runIntegration(authUrl: string, baseUrl: string): Promise<string> {
  return new Promise(resolve => {
    execFile(
      process.execPath,
      [INTEGRATION],
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
      (error, stdout, stderr) => resolve(`${stdout}${stderr}${error ? `\nexit: ${error.message}` : ''}`),
    )
  })
}

test('capture from the app: the partner’s calls counted live, in the drawer as captured, judged by the scorecard', async ({ page }) => {
  test.setTimeout(120_000)
  await page.goto(await host.freshUrl())
  await createEnvironment(page, { name: 'Partner sandbox', ...client, authUrl: sb.url, secret: client.clientSecret, catchMode: 'paste' })
  await page.getByRole('combobox', { name: 'Environment', exact: true }).selectOption({ label: 'Partner sandbox' })

  await openSection(page, /^Capture/)
  const panel = page.locator('.panel.capture')
  await expect(panel.getByRole('combobox', { name: 'Environment' })).toHaveValue(/.+/)
  await expect(panel.getByRole('option', { selected: true })).toHaveText('Partner sandbox')
  await expect(page.getByTestId('scorecard')).toContainText('Start the capture and run your integration')
  await panel.getByRole('button', { name: 'Start capturing Partner sandbox' }).click()

  // The URLs and variables, each with its copy button; the count starts at zero.
  const running = page.getByTestId('capture-running')
  await expect(page.getByTestId('capture-count')).toHaveText('0 exchanges')
  const authUrl = (await page.getByTestId('capture-auth-url').textContent()) ?? ''
  const baseUrl = (await page.getByTestId('capture-base-url').textContent()) ?? ''
  expect(authUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  expect(baseUrl).not.toBe(authUrl)
  const vars = running.getByRole('table', { name: 'Environment variables to set' })
  await expect(vars.getByRole('row').filter({ hasText: 'PARTNER_BASE_URL' })).toContainText(baseUrl)
  await expect(vars.getByRole('row').filter({ hasText: 'PARTNER_BASE_URL' }).getByRole('button', { name: 'Copy' })).toBeVisible()

  const output = await runIntegration(authUrl, baseUrl)
  expect(output).toMatch(/^done: /m)

  // The count rises with what the integration sent (throttled events: the last one always arrives).
  await expect(page.getByTestId('capture-count')).toHaveText(/^([5-9]|\d\d+) exchanges$/)

  // The drawer, filtered to captured exchanges: every row marked, the detail naming the source and the client.
  await running.getByRole('button', { name: 'Show captured exchanges in the log' }).click()
  await expect(page.getByRole('searchbox', { name: 'Filter the log' })).toHaveValue('source:captured')
  const rows = page.getByTestId('log-row')
  await expect(rows.first()).toContainText('captured')
  const signed = rows.filter({ hasText: /\/export\b|tickets/ }).first()
  await signed.getByRole('button').click()
  await expect(page.getByTestId('log-source')).toContainText('captured')
  await expect(page.getByTestId('log-source')).toContainText(/node|undici/i)
  await expect(page.getByTestId('log-source')).toContainText(/127\.0\.0\.1:\d+/)
  await expect(page.getByTestId('captured-signature')).toContainText('Signature: valid')
  await page.getByRole('button', { name: 'Open in the signature inspector' }).click()
  await expect(page.getByTestId('capture-verdict')).toContainText('Signature: valid')

  // The scorecard judged the session: the signing rules pass, a rule opens on its evidence, a log id selects its entry.
  await openSection(page, /^Capture/)
  const card = page.getByTestId('scorecard')
  const signature = card.locator('[data-rule="signing.signature"]')
  await expect(signature).toHaveAttribute('data-verdict', 'pass')
  await expect(card.locator('[data-verdict="fail"]')).toHaveCount(0)
  await signature.getByRole('button', { name: /./ }).click()
  const evidence = card.getByRole('button', { name: /^\S+$/ }).filter({ hasText: /\d/ }).first()
  await expect(evidence).toBeVisible()
  const logId = (await evidence.textContent()) ?? ''
  await evidence.click()
  await expect(page.locator('tr[aria-selected="true"]')).toHaveCount(1)
  await expect(page.getByRole('region', { name: 'Entry detail' })).toBeVisible()
  expect(logId.length).toBeGreaterThan(0)

  await card.getByRole('checkbox', { name: 'Failed only' }).check()
  await expect(card.getByTestId('scorecard-row')).toHaveCount(0)
  await expect(card).toContainText('No rule failed so far.')

  await running.getByRole('button', { name: 'Stop' }).click()
  await expect(panel.getByRole('button', { name: 'Start capturing Partner sandbox' })).toBeVisible()
  await expect(card).toContainText('Final (capture stopped)')
})

test('a port in use is said in words, and the capture can start on a free one instead', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await openSection(page, /^Capture/)
  const panel = page.locator('.panel.capture')
  const busy = new URL(sb.url).port
  await panel.getByLabel('auth port').fill(busy)
  await panel.getByRole('button', { name: /^Start capturing/ }).click()
  await expect(panel.getByRole('alert')).toContainText(`127.0.0.1:${busy}: the port is in use`)
  await panel.getByLabel('auth port').fill('70000')
  await expect(panel.getByRole('alert').filter({ hasText: 'auth port' })).toContainText('70000 is outside 1–65535')
  await expect(panel.getByRole('button', { name: /^Start capturing/ })).toBeDisabled()
  await panel.getByLabel('auth port').fill('')
  await panel.getByRole('button', { name: /^Start capturing/ }).click()
  await expect(page.getByTestId('capture-count')).toHaveText('0 exchanges')
  await panel.getByRole('button', { name: 'Stop' }).click()
  await expect(panel.getByRole('button', { name: /^Start capturing/ })).toBeVisible()
})
