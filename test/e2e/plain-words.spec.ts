import { expect, type Page, test } from '@playwright/test'
import { CHANNEL_NAMES } from '../../src/shared/contract/channel-names'
import { type StartedConsole, startConsole } from '../support/console-host'
import { authorizeAsUser, DEMO_MERCHANT, openSection } from './support/authorize'
import { shootBothThemes } from './support/look'

// Errors in the user's words (issue 22, item 8): invalid input on every form lands on its field, in words; nothing on
// screen names a bridge channel (`domain:verb`) or a schema path (`request.path: Too small: …`).

let host: StartedConsole

test.beforeAll(async () => {
  host = await startConsole()
})
test.afterAll(async () => {
  await host?.stop()
})

/** Any channel of the contract, and the shape of one (a future channel too). */
const CHANNEL = new RegExp(`(${CHANNEL_NAMES.map(c => c.replace(':', '\\:')).join('|')})|\\b[a-z]+:[a-z]+[A-Z][A-Za-z]*\\b`)
/** zod's own words and a dotted schema path before a colon. */
const SCHEMA_TEXT = /Too small|Too big|expected string|Invalid input|Unrecognized key|\b[a-z]+(\.[a-zA-Z]+)+: /

async function expectPlainWords(page: Page, where: string): Promise<void> {
  const text = await page.locator('body').innerText()
  expect(text.match(CHANNEL)?.[0] ?? null, `${where}: a channel name is on screen`).toBeNull()
  expect(text.match(SCHEMA_TEXT)?.[0] ?? null, `${where}: schema text is on screen`).toBeNull()
}

test('invalid input on every form is answered on its field, in words, with no channel name or schema path', async ({ page }) => {
  await page.goto(await host.freshUrl())

  // Requests: an empty path is refused on the path field, in words.
  await openSection(page, /^Requests/)
  const requests = page.getByTestId('requests-panel')
  await requests.getByLabel('Path').fill('')
  await requests.getByRole('button', { name: 'Send' }).click()
  await expect(requests.getByLabel('Path')).toHaveAttribute('aria-invalid', 'true')
  await expect(requests.getByLabel('Path')).toHaveAccessibleDescription('path must not be empty')
  await expectPlainWords(page, 'Requests, empty path')
  await shootBothThemes(page, 'item8-requests-empty-path')
  // A path longer than the engine takes.
  await requests.getByLabel('Path').fill(`/${'x'.repeat(9000)}`)
  await requests.getByRole('button', { name: 'Send' }).click()
  await expect(requests.getByLabel('Path')).toHaveAccessibleDescription('path must be at most 8192 characters')
  await expectPlainWords(page, 'Requests, long path')

  // Environments: port 99999 is named as the port's problem, not as "not an absolute URL".
  await openSection(page, /^Environments/)
  await page.getByRole('button', { name: 'New environment' }).click()
  const form = page.getByRole('form', { name: 'New environment' })
  await form.getByLabel('Name', { exact: true }).fill('Port check')
  await form.getByLabel('Client ID (client_id)').fill('c')
  await form.getByLabel('Auth URL (auth_url)').fill('http://127.0.0.1:99999')
  await form.getByLabel('Base URL (base_url)').fill('https://api.example.com:70000/')
  await form.getByLabel('Redirect URI (redirect_uri)').fill('http://127.0.0.1:123456/cb')
  await expect(form.getByLabel('Auth URL (auth_url)')).toHaveAccessibleDescription(/port must be 1–65535 \(it is 99999\)/)
  await expect(form.getByLabel('Base URL (base_url)')).toHaveAccessibleDescription(/port must be 1–65535 \(it is 70000\)/)
  await expect(form.getByLabel('Redirect URI (redirect_uri)')).toHaveAccessibleDescription(/port must be 1–65535/)
  await expect(form).not.toContainText('not an absolute URL')
  await expectPlainWords(page, 'Environments, bad ports')
  await shootBothThemes(page, 'item8-environment-ports')
  await form.getByLabel('Name', { exact: true }).fill('')
  await form.getByRole('button', { name: 'Create environment' }).click()
  await expectPlainWords(page, 'Environments, empty name')

  // Export tickets: a location id that is not a number, a range that ends before it starts.
  await openSection(page, /^Export tickets/)
  const exportForm = page.getByRole('form', { name: 'Export request' })
  await exportForm.getByLabel('Location id').fill('12ab')
  await expect(exportForm).toContainText('is not a location id')
  await expectPlainWords(page, 'Export tickets, bad id')

  // Signature inspector: an empty path and a timestamp that is not one.
  await openSection(page, /^Signature inspector/)
  await page.getByLabel('Path (with query, as sent)').fill('')
  await expectPlainWords(page, 'Inspector, empty path')

  // Sandbox: a clock move far beyond what the operator API takes.
  await openSection(page, /^Sandbox/)
  const clock = page.getByRole('region', { name: 'Clock' })
  await clock.getByLabel('Amount to move the clock by').fill('99999999999')
  await clock.getByLabel('Unit').selectOption('days')
  await clock.getByRole('button', { name: 'Move clock' }).click()
  await expect(clock.getByRole('alert')).toBeVisible()
  await expectPlainWords(page, 'Sandbox clock, huge move')

  // Consent (paste mode): a pasted text that is no redirect.
  await openSection(page, /^Consent flow/)
  const paste = page.getByRole('radio', { name: /Paste/ })
  if (await paste.isVisible()) {
    await paste.check()
    await page.getByLabel('Redirect URL or code').fill('http://127.0.0.1:99999/?state=x')
    await page.getByLabel('Redirect URL or code').press('Enter')
    await expectPlainWords(page, 'Consent, bad paste')
  }
})

test('Deny after a valid token: "What to do" is said once, and the status bar keeps the valid token', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await authorizeAsUser(page)
  await expect(page.getByTestId('status-token')).toContainText(/^Token: valid · /)
  await page.getByRole('button', { name: 'Build authorize URL' }).click()
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: /^(Open authorize page|Start again)$/ }).click()
  const popup = await popupOpened
  await popup.getByLabel('Username').fill(DEMO_MERCHANT.username)
  await popup.getByLabel('Password').fill(DEMO_MERCHANT.password)
  await popup.getByRole('button', { name: 'Sign in' }).click()
  await popup.getByRole('button', { name: 'Deny' }).click()
  const outcome = page.getByRole('alert', { name: 'Outcome' })
  await expect(outcome).toContainText('access_denied')
  const advice = await outcome.getByRole('definition').nth(2).innerText()
  const sentences = advice.split(/(?<=\.)\s+/).filter(Boolean)
  expect(new Set(sentences).size, `"What to do" repeats itself: ${advice}`).toBe(sentences.length)
  expect(advice.match(/choose Allow/g)).toHaveLength(1)
  // The earlier token is still held and still valid: the bar says so, never "denied".
  await expect(page.getByTestId('status-token')).toContainText(/^Token: valid · /)
  await expect(page.getByTestId('status-token')).not.toContainText('denied')
  await expectPlainWords(page, 'Deny page')
  await shootBothThemes(page, 'item8-deny-once')
})
