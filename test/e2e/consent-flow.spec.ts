import { expect, type Page, test } from '@playwright/test'
import { DEMO_LOGINS } from '../../src/sandbox'
import { type StartedConsole, startConsole } from '../support/console-host'

// The consent flow as a user walks it in the web console: the built-in sandbox, the real authorize page in a popup,
// the stepper and the lifecycle diagram following the engine, the Tokens panel, sandbox time travel and the refusals.

let host: StartedConsole
const merchant = DEMO_LOGINS[0]!

test.beforeAll(async () => {
  host = await startConsole()
})

test.afterAll(async () => {
  await host?.stop()
})

async function open(page: Page, section: RegExp): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: section }).click()
}

function lifecycle(page: Page, state: string) {
  return page.getByRole('img', { name: `Token lifecycle, current state: ${state}` })
}

function step(page: Page, name: string) {
  return page.getByRole('list', { name: 'Consent steps' }).getByRole('listitem').filter({ hasText: name })
}

/** Opens the console, builds the authorize URL in `mode`, opens the popup and returns it. */
async function startFlow(page: Page, mode: RegExp) {
  await page.goto(await host.freshUrl())
  await open(page, /^Consent flow/)
  await page.getByRole('radio', { name: mode }).check()
  await page.getByRole('button', { name: 'Build authorize URL' }).click()
  const params = page.getByRole('table', { name: 'Authorize parameters' })
  await expect(params.getByRole('row', { name: /^response_type code/ })).toBeVisible()
  await expect(params.getByRole('row', { name: /^state / })).toBeVisible()
  await expect(step(page, 'Authorize')).toHaveAttribute('data-status', 'current')
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: /^(Open authorize page|Start again)$/ }).click()
  const popup = await popupOpened
  await expect(step(page, 'Consent')).toHaveAttribute('data-status', 'current')
  await expect(page.getByRole('status', { name: 'Waiting for the redirect' })).toContainText('gives up in')
  return popup
}

/** Signs in on the sandbox's real pages in the popup and clicks Allow or Deny. */
async function decide(popup: Page, decision: 'Allow' | 'Deny'): Promise<void> {
  await popup.getByLabel('Username').fill(merchant.username)
  await popup.getByLabel('Password').fill(merchant.password)
  await popup.getByRole('button', { name: 'Sign in' }).click()
  await expect(popup.getByRole('heading', { name: new RegExp(`wants access to ${merchant.merchantName}`) })).toBeVisible()
  await popup.getByRole('button', { name: decision }).click()
}

async function authorize(page: Page): Promise<void> {
  const popup = await startFlow(page, /System browser \+ loopback/)
  await decide(popup, 'Allow')
  await expect(step(page, 'Token')).toHaveAttribute('data-status', 'done')
}

test('Allow in the popup: the stepper reaches token, the lifecycle lights valid, Tokens shows masked tokens', async ({ page }) => {
  await authorize(page)
  for (const name of ['Authorize', 'Consent', 'Callback']) await expect(step(page, name)).toHaveAttribute('data-status', 'done')
  await expect(lifecycle(page, 'Access token valid')).toBeVisible()
  await expect(page.getByRole('status', { name: 'Outcome' })).toContainText('Access granted')
  await expect(page.getByTestId('status-token')).toContainText(/Token: valid · (23h 59m|24h 00m)/)

  await page.getByRole('status', { name: 'Outcome' }).getByRole('button', { name: 'Open Tokens' }).click()
  await expect(page.getByRole('heading', { name: 'Tokens' })).toBeVisible()
  const access = page.getByTestId('access-token')
  await expect(access).toContainText('…')
  await expect(page.getByTestId('access-fingerprint')).toHaveText(/^#[0-9a-f]{8}$/)
  await expect(page.getByTestId('refresh-fingerprint')).toHaveText(/^#[0-9a-f]{8}$/)
  await expect(page.getByRole('list', { name: 'Permissions' }).getByRole('listitem')).toHaveText(['read:locations', 'write:installations'])
  await expect(lifecycle(page, 'Access token valid')).toBeVisible()

  // Reveal is explicit and temporary: the full value replaces the mask until hidden.
  const masked = await access.textContent()
  await page.getByRole('button', { name: 'Reveal the access token' }).click()
  await expect(access).not.toContainText('…')
  expect((await access.textContent())?.length).toBeGreaterThan(masked?.length ?? 0)
  await page.getByRole('button', { name: 'Hide the access token' }).click()
  await expect(access).toHaveText(masked ?? '')

  // The fingerprint names the very token the sandbox issued: its operator view marks it as the current access token.
  const fingerprint = (await page.getByTestId('access-fingerprint').textContent()) ?? ''
  await open(page, /^Sandbox controls/)
  await expect(
    page.getByRole('table', { name: 'Issued tokens' }).getByRole('row', { name: new RegExp(`${fingerprint}.*current access`) }),
  ).toBeVisible()
})

test('Deny in the popup: access_denied is explained and the lifecycle lights denied', async ({ page }) => {
  const popup = await startFlow(page, /System browser \+ loopback/)
  await decide(popup, 'Deny')
  const outcome = page.getByRole('alert', { name: 'Outcome' })
  await expect(outcome).toContainText('The server answered access_denied: a denial or a refused request')
  await expect(outcome).toContainText('clicked Deny')
  await expect(outcome).toContainText('choose Allow')
  await expect(step(page, 'Consent')).toHaveAttribute('data-status', 'failed')
  await expect(step(page, 'Token')).toHaveAttribute('data-status', 'pending')
  await expect(lifecycle(page, 'Denied')).toBeVisible()
})

test('advance the sandbox clock 24 h: the token expires; Refresh makes it valid again with a new token', async ({ page }) => {
  await authorize(page)
  await open(page, /^Tokens/)
  await expect(lifecycle(page, 'Access token valid')).toBeVisible()
  // Read once the token's fingerprint is on screen (read earlier, it could be a placeholder of the loading panel).
  await expect(page.getByTestId('access-fingerprint')).toHaveText(/^#[0-9a-f]{8}$/)
  const before = (await page.getByTestId('access-fingerprint').textContent()) ?? ''

  await page.getByRole('button', { name: 'Advance clock 24 h' }).click()
  await expect(lifecycle(page, 'Access token expired')).toBeVisible()
  await expect(page.getByTestId('token-expiry')).toContainText('expired')
  await expect(page.getByTestId('status-token')).toHaveText('Token: expired')

  await page.getByRole('button', { name: 'Refresh', exact: true }).click()
  await expect(lifecycle(page, 'Access token valid')).toBeVisible()
  await expect(page.getByText('after refresh from Access token expired')).toBeVisible()
  await expect(page.getByTestId('access-fingerprint')).not.toHaveText(before)
  await expect(page.getByTestId('token-expiry')).toContainText(/in (23h 59m|24h 00m)/)
  await expect(page.getByTestId('status-token')).toContainText('Token: valid')

  // Put the sandbox back on real time through its panel.
  await open(page, /^Sandbox controls/)
  await expect(page.getByTestId('sandbox-offset')).toHaveText('+24h 00m')
  await page.getByRole('button', { name: 'Reset clock' }).click()
  await expect(page.getByTestId('sandbox-offset')).toHaveText('none (real time)')
})

test('paste mode: a redirect URL with a state this console did not send is refused as possible CSRF', async ({ page }) => {
  const popup = await startFlow(page, /^Paste/)
  await popup.close()
  const redirectUri = (await page.getByTestId('redirect-uri').textContent()) ?? ''
  expect(redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
  await page.getByLabel('Redirect URL or code').fill(`${redirectUri}?code=forged-code-1234&state=not-the-state-we-sent`)
  await page.getByRole('button', { name: 'Submit redirect' }).click()
  const outcome = page.getByRole('alert', { name: 'Outcome' }).first()
  await expect(outcome).toContainText('Refused: the state does not match (possible CSRF)')
  await expect(outcome).toContainText('cross-site request forgery')
  await expect(outcome).toContainText('not-the-state-we-sent')
  await expect(step(page, 'Callback')).toHaveAttribute('data-status', 'failed')
  await expect(step(page, 'Token')).toHaveAttribute('data-status', 'pending')
})
