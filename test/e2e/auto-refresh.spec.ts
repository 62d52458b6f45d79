import { expect, type Page, test } from '@playwright/test'
import { DEMO_LOGINS } from '../../src/sandbox'
import { type StartedConsole, startConsole } from '../support/console-host'

// An access token that expired while the user looked away: the next bearer call answers 401, the engine refreshes the
// token and retries once, and the user sees the list again plus what happened (the attempt note, the network log,
// a new token in the status bar).

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

async function authorize(page: Page): Promise<void> {
  await open(page, /^Consent flow/)
  await page.getByRole('radio', { name: /System browser \+ loopback/ }).check()
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Open authorize page' }).click()
  const popup = await popupOpened
  await popup.getByLabel('Username').fill(merchant.username)
  await popup.getByLabel('Password').fill(merchant.password)
  await popup.getByRole('button', { name: 'Sign in' }).click()
  await popup.getByRole('button', { name: 'Allow' }).click()
  await expect(page.getByRole('status', { name: 'Outcome' })).toContainText('Access granted')
}

test('after "Advance clock 24 h", Refresh locations loads the list again through an automatic token refresh', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await authorize(page)

  await open(page, /^Locations/)
  const table = page.getByRole('table', { name: 'Locations' })
  const listing = page.getByRole('status', { name: 'Last listing' })
  await expect(listing).toContainText('200 OK')
  await expect(page.getByTestId('exchange-attempts')).toHaveCount(0)
  // Counted once the listed rows are on screen (the status and the table are two parts of the page).
  await expect(table.getByRole('row').nth(1)).toBeVisible()
  const rows = await table.getByRole('row').count()
  expect(rows).toBeGreaterThan(1)
  const tokenStatus = page.getByTestId('status-token')
  // Read once the status bar names the token (it follows the token's events, a moment after the listing).
  await expect(tokenStatus).toHaveAttribute('title', /^Access token #[0-9a-f]{8}/)
  const before = await tokenStatus.getAttribute('title')
  expect(before).toMatch(/^Access token #[0-9a-f]{8}/)

  // A day passes on the sandbox's clock: the access token is now expired.
  await open(page, /^Tokens/)
  await page.getByRole('button', { name: 'Advance clock 24 h' }).click()
  await expect(tokenStatus).toHaveText('Token: expired')

  // Listing again: 401, refresh, retry — the user only sees the list come back, and why it took two attempts.
  await open(page, /^Locations/)
  const listedAt = await listing.textContent()
  await page.getByRole('button', { name: 'Refresh locations' }).click()
  await expect(listing).not.toHaveText(listedAt ?? '')
  await expect(listing).toContainText('GET /marketplace/v2/platform-token/locations 200 OK')
  await expect(page.getByTestId('exchange-attempts')).toHaveText(
    'attempt 2: the access token had expired (401), the engine refreshed it and retried once',
  )
  await expect(table.getByRole('row')).toHaveCount(rows)

  // The token state shows the refresh: valid again, a different access token, refreshed just now.
  await expect(tokenStatus).toContainText('Token: valid')
  await expect(tokenStatus).not.toHaveAttribute('title', before ?? '')
  await open(page, /^Tokens/)
  await expect(page.getByText('after refresh from Access token expired')).toBeVisible()

  // The network log shows the exchange as it happened: the 401, the refresh grant, the retried 200.
  const log = page.getByRole('table', { name: 'Network log' })
  const status = (code: string) => ({ has: page.getByRole('cell', { name: code, exact: true }) })
  const locationsRows = log.getByRole('row').filter({ hasText: '/marketplace/v2/platform-token/locations' })
  await expect(locationsRows.filter(status('401'))).toHaveCount(1)
  await expect(locationsRows.filter(status('200'))).toHaveCount(2)
  // The code exchange after consent, then the refresh grant after the 401.
  await expect(log.getByRole('row').filter({ hasText: '/oauth2/token' }).filter(status('200'))).toHaveCount(2)
})
