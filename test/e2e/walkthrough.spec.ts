import { expect, type Page, test } from '@playwright/test'
import { DEMO_LOGINS } from '../../src/sandbox'
import { SEED_LOCATIONS } from '../../src/sandbox/data/seed-data'
import { type StartedConsole, startConsole } from '../support/console-host'
import { createEnvironment } from './support/environments'

// The whole walkthrough a partner engineer does on first launch, in the browser against the built-in sandbox:
// consent in the popup, tokens, locations, install, ticket export, the inspector on that very request, and the quota
// gauge of the export key going down. Every step goes through the real engine and the real sandbox.

let host: StartedConsole
const merchant = DEMO_LOGINS[0]!
const SOHO = SEED_LOCATIONS.find(s => s.location.name === 'Globe Bistro SoHo')!.location

test.beforeAll(async () => {
  host = await startConsole()
})

test.afterAll(async () => {
  await host?.stop()
})

async function open(page: Page, section: RegExp): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: section }).click()
}

test('connect, consent, tokens, locations, install, export, inspector, quota', async ({ page }) => {
  await page.goto(await host.freshUrl())

  // 1. The built-in sandbox is the active environment.
  await expect(page.getByTestId('status-environment')).toHaveText('Sandbox (built-in)')
  await expect(page.getByRole('combobox', { name: 'Environment' })).toHaveValue('sandbox')

  // 2. Nothing to list before the consent flow: the Locations panel says what to do first.
  await open(page, /^Locations/)
  await expect(page.getByText('No token yet — run the consent flow first.', { exact: false })).toBeVisible()
  await page.getByRole('button', { name: 'Go to Consent flow' }).click()

  // 3. Consent flow, loopback catch, the sandbox's real authorize page in a popup: sign in, Allow.
  await expect(page.getByRole('heading', { name: 'Consent flow' })).toBeVisible()
  await page.getByRole('radio', { name: /System browser \+ loopback/ }).check()
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Open authorize page' }).click()
  const popup = await popupOpened
  await popup.getByLabel('Username').fill(merchant.username)
  await popup.getByLabel('Password').fill(merchant.password)
  await popup.getByRole('button', { name: 'Sign in' }).click()
  await popup.getByRole('button', { name: 'Allow' }).click()
  await expect(page.getByRole('status', { name: 'Outcome' })).toContainText('Access granted')

  // 4. Tokens appear, masked, with the permissions the merchant granted.
  await open(page, /^Tokens/)
  await expect(page.getByTestId('access-fingerprint')).toHaveText(/^#[0-9a-f]{8}$/)
  await expect(page.getByRole('list', { name: 'Permissions' }).getByRole('listitem')).toHaveText(['read:locations', 'write:installations'])
  await expect(page.getByTestId('status-token')).toContainText('Token: valid')

  // 5. Locations: the merchant's eligible locations, exactly as the sandbox seeds them.
  await open(page, /^Locations/)
  const table = page.getByRole('table', { name: 'Locations' })
  const expected = SEED_LOCATIONS.filter(s => s.eligible && s.location.merchantId === merchant.merchantId).map(s => s.location)
  await expect(table.getByRole('row')).toHaveCount(expected.length + 1)
  await expect(page.getByRole('status', { name: 'Last listing' })).toContainText('GET /marketplace/v2/platform-token/locations 200 OK')
  const row = table.getByRole('row').filter({ hasText: SOHO.name })
  await expect(row).toContainText(`${SOHO.id}`)
  await expect(row).toContainText(SOHO.timeZone)
  await expect(row.getByTestId('local-time')).toHaveText(/^\d{2}:\d{2}$/)
  await page.getByRole('searchbox', { name: 'Search locations' }).fill('soho')
  await expect(table.getByRole('row')).toHaveCount(2)
  await page.getByRole('searchbox', { name: 'Search locations' }).fill('')

  // 6. Install at one, with a confirmation that states the exact request; the 204 shows in place.
  await row.getByRole('button', { name: `Install at ${SOHO.name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Install at ${SOHO.name}?` })
  await expect(dialog).toContainText(`{"locationId":${SOHO.id}}`)
  await expect(dialog).toContainText(/POST http:\/\/127\.0\.0\.1:\d+\/marketplace\/v2\/platform-token\/installations/)
  await dialog.getByRole('button', { name: 'Install' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status', { name: 'Install result' })).toContainText('Installed — 204')
  await expect(page.getByTestId('install-record')).toContainText('installed from this console')
  await expect(row).toContainText('✓ 204')

  // The other side agrees: the sandbox's operator view lists the installation for this client.
  await open(page, /^Sandbox controls/)
  await expect(
    page
      .getByRole('table', { name: 'Installations' })
      .getByRole('row', { name: new RegExp(`${SOHO.id} ${SOHO.merchantId} partner-console-builtin`) }),
  ).toBeVisible()

  // 7. Export tickets for it: the signed request is previewed before sending, then sent with Ctrl+Enter.
  await open(page, /^Locations/)
  await page.getByRole('button', { name: 'Export tickets…' }).click()
  await expect(page.getByRole('heading', { name: 'Export tickets' })).toBeVisible()
  await expect(page.getByLabel('Location id')).toHaveValue(String(SOHO.id))
  await page.getByLabel('From (YYYY-MM-DD)').fill('2025-04-01')
  await page.getByLabel('To (YYYY-MM-DD)').fill('2025-04-03')
  await expect(page.getByTestId('preview-x-access-key')).toHaveText('partner-console-builtin')
  await expect(page.getByTestId('preview-x-signature')).toHaveText(/^[0-9a-f]{64}$/)
  await expect(page.getByTestId('canonical-string')).toHaveText(
    new RegExp(`^partner-console-builtinGET/api/v1/export/${SOHO.id}/tickets∅\\d{10}$`),
  )
  await expect(page.getByText('The real signature is computed fresh at send time')).toBeVisible()
  await page.getByLabel('To (YYYY-MM-DD)').press('Control+Enter')
  const status = page.getByRole('status', { name: 'Export status' })
  await expect(status).toContainText(`GET /api/v1/export/${SOHO.id}/tickets 200 OK`)
  await expect(page.getByTestId('ticket-count')).toHaveText(/^\d+ tickets · x-timestamp \d{10}$/)
  const timestamp = ((await page.getByTestId('ticket-count').textContent()) ?? '').match(/x-timestamp (\d{10})/)?.[1] ?? ''
  await expect(page.getByTestId('editor-Response body')).toContainText(`"locationId": ${SOHO.id}`)
  // Monaco renders only the lines in view; the echoed range is in `meta`, after every ticket: go to the end first.
  const body = page.getByTestId('editor-Response body')
  await body.locator('.monaco-editor').click()
  await page.keyboard.press('Control+End')
  await expect(body.locator('.view-lines')).toContainText('"dateTimeFrom": "2025-04-01"')

  // 8. The inspector opens on that exact request: same path (with its query) and same timestamp.
  await page.getByRole('button', { name: 'Open in inspector' }).click()
  await expect(page.getByRole('heading', { name: 'Signature inspector' })).toBeVisible()
  await expect(page.getByLabel('Path (with query, as sent)')).toHaveValue(
    `/api/v1/export/${SOHO.id}/tickets?filter[dateTimeFrom]=2025-04-01&filter[dateTimeTo]=2025-04-03`,
  )
  await expect(page.getByLabel('Timestamp (x-timestamp, Unix seconds)')).toHaveValue(timestamp)
  await expect(page.getByLabel('Client id (x-access-key)')).toHaveValue('partner-console-builtin')

  // 9. The quota gauge of the export key went down by exactly that one request.
  await open(page, /^Quotas/)
  const gauge = page.getByRole('article', { name: `Quota GET /api/v1/export/${SOHO.id}/tickets` })
  await expect(gauge.getByTestId('quota-remaining')).toHaveText('99/100')
  await expect(gauge.getByTestId('quota-used')).toHaveText('1')
})

test('outside the sandbox: "acting as merchant" banner, typed confirmation, and a 403 explained in place', async ({ page }) => {
  // A user-made environment pointing at the same sandbox with its read-only demo client (read:locations only). It is
  // not the built-in one, so the console treats it as a real server.
  const readonly = {
    clientId: 'sandbox-readonly-client',
    clientSecret: 'sandbox-readonly-secret',
    redirectUri: 'http://127.0.0.1:8765/callback',
  }
  // (startConsole reads the sandbox line only if it arrived with the URL's chunk; the full output has it by now.)
  const sandboxUrl = host.sandboxUrl ?? host.output().match(/Built-in sandbox: (http:\/\/127\.0\.0\.1:\d+)/)?.[1] ?? ''
  expect(sandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  await page.goto(await host.freshUrl())
  await createEnvironment(page, {
    name: 'Read-only partner',
    clientId: readonly.clientId,
    authUrl: sandboxUrl,
    redirectUri: readonly.redirectUri,
    secret: readonly.clientSecret,
    catchMode: 'paste',
  })
  await page.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'Read-only partner' })
  await expect(page.getByTestId('status-environment')).toHaveText('Read-only partner')

  // Consent in paste mode: the redirect to :8765 is captured from the popup and pasted.
  await open(page, /^Consent flow/)
  await page.getByRole('radio', { name: /^Paste/ }).check()
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Open authorize page' }).click()
  const popup = await popupOpened
  await popup.getByLabel('Username').fill(merchant.username)
  await popup.getByLabel('Password').fill(merchant.password)
  await popup.getByRole('button', { name: 'Sign in' }).click()
  const redirect = popup.waitForRequest(r => r.url().startsWith(`${readonly.redirectUri}?`))
  await popup.getByRole('button', { name: 'Allow' }).click()
  const redirectUrl = (await redirect).url()
  await page.getByLabel('Redirect URL or code').fill(redirectUrl)
  await page.getByRole('button', { name: 'Submit redirect' }).click()
  await expect(page.getByRole('status', { name: 'Outcome' })).toContainText('Access granted')

  // Listing works (read:locations); installing needs the name typed, then answers 403, explained where it happened.
  await open(page, /^Locations/)
  const row = page.getByRole('table', { name: 'Locations' }).getByRole('row').filter({ hasText: SOHO.name })
  await row.getByRole('button', { name: `Install at ${SOHO.name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Install at ${SOHO.name}?` })
  await expect(dialog.getByRole('note')).toHaveText(
    new RegExp(`^Acting as merchant ${SOHO.merchantId} on location ${SOHO.name} \\(${SOHO.id}\\) in Read-only partner`),
  )
  const install = dialog.getByRole('button', { name: 'Install' })
  const confirm = dialog.getByLabel('Type the location name to confirm')
  await expect(install).toBeDisabled()
  await confirm.fill('Globe Bistro')
  await expect(install).toBeDisabled()
  await confirm.fill(SOHO.name)
  await install.click()
  const result = page.getByRole('alert', { name: 'Install result' })
  await expect(result).toContainText('Missing permission (403 Forbidden).')
  await expect(result).toContainText('the merchant granted this token: read:locations.')
  await expect(result).toContainText('write:installations')
  await expect(row).toContainText('failed (403)')
  await expect(page.getByTestId('install-record')).toContainText('not from this console')
  await expect(result.getByRole('button', { name: 'Go to Consent flow' })).toBeVisible()
})
