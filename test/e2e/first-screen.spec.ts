import { expect, test } from '@playwright/test'
import { type StartedConsole, startConsole } from '../support/console-host'

let host: StartedConsole

test.beforeAll(async () => {
  host = await startConsole([], { PARTNER_CONSOLE_HEARTBEAT_MS: '500' })
})

test.afterAll(async () => {
  await host?.stop()
})

test('the printed URL opens the console, trades its token for a cookie, and shows the first screen', async ({ page }) => {
  await page.goto(host.url)
  await expect(page).toHaveURL(`${host.origin}/`)
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
  await expect(page.getByTestId('status-environment')).toHaveText('Sandbox (built-in)')
  await expect(page.getByText('aes-256-gcm-keyfile').first()).toBeVisible()
})

test('engine events reach the page over the socket', async ({ page }) => {
  await page.goto(host.url)
  await expect(page.getByTestId('status-heartbeat')).toContainText('engine up', { timeout: 10_000 })
  await page.getByRole('button', { name: /^Events/ }).click()
  await expect(page.getByTestId('event-row').first()).toBeVisible()
})

test('a browser without the token is refused', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  const response = await page.goto(`${host.origin}/`)
  expect(response?.status()).toBe(401)
  await expect(page.locator('body')).toContainText('Open the full URL')
  await context.close()
})
