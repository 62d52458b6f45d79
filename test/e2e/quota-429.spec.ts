import { expect, type Page, test } from '@playwright/test'
import { type StartedConsole, startConsole } from '../support/console-host'
import { authorizeAsUser, openSection } from './support/authorize'

// A 429 as a user provokes and lives it: tokens through the real consent page, two requests under the sandbox's
// default limit, the limit lowered to 2 in Sandbox controls, the next request refused by the server with Retry-After,
// the countdown in the Quotas panel and the status bar, and the console refusing to send while the key is blocked.

let host: StartedConsole
const LOCATIONS = '/marketplace/v2/platform-token/locations'

test.beforeAll(async () => {
  host = await startConsole()
})

test.afterAll(async () => {
  await host?.stop()
})

async function send(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Send GET locations' }).click()
  await expect(page.getByRole('button', { name: 'Send GET locations' })).toBeEnabled()
}

test('lowering the sandbox limit to 2 gives a 429: countdown in the panel and status bar, sending again is refused', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await openSection(page, /^Quotas/)
  await expect(page.getByText('No request counted yet')).toBeVisible()
  await authorizeAsUser(page)

  await openSection(page, /^Quotas/)
  const gauge = page.getByRole('article', { name: `Quota GET ${LOCATIONS}` })
  await send(page)
  await expect(page.getByRole('status', { name: 'Last request' })).toContainText('200')
  await send(page)
  await expect(gauge.getByTestId('quota-used')).toHaveText('2')
  await expect(gauge.getByTestId('quota-server')).toContainText('98 remaining')
  await expect(gauge).toHaveAttribute('data-level', 'ok')

  // The operator lowers the limit of this very key to 2: the ledger does not know, the server will refuse.
  await openSection(page, /^Sandbox controls/)
  const controls = page.getByRole('region', { name: 'Quotas' })
  await controls.getByLabel('Path').fill(LOCATIONS)
  await controls.getByLabel('Method').selectOption('GET')
  await controls.getByLabel('Limit').fill('2')
  await controls.getByRole('button', { name: 'Set limit' }).click()
  await controls.getByText(/limit rules$/).click()
  await expect(controls.getByText(`GET ${LOCATIONS} → 2`)).toBeVisible()

  await openSection(page, /^Quotas/)
  await send(page)
  await expect(page.getByRole('alert')).toContainText('The server answered 429.')
  await expect(page.getByRole('alert')).toContainText('429 Too Many Requests')
  await expect(gauge).toHaveAttribute('data-level', 'blocked')
  await expect(gauge.getByTestId('quota-remaining')).toHaveText('0/2')
  const blocked = gauge.getByRole('status', { name: `Blocked: GET ${LOCATIONS}` })
  await expect(blocked).toContainText(/retry in (59m \d\ds|1h 00m)/)
  await expect(blocked).toContainText(/Retry-After \d+ s/)

  // The status bar names the hottest quota with the same countdown, and it runs.
  const status = page.getByTestId('status-quota')
  await expect(status).toContainText(/Quota GET …\/locations 0\/2 · 429 (59m \d\ds|1h 00m)/)
  const first = await blocked.getByTestId('countdown').textContent()
  await expect(blocked.getByTestId('countdown')).not.toHaveText(first ?? '', { timeout: 5_000 })

  // Sending again while blocked is refused by the console before anything goes out.
  const count = await page.getByTestId('log-count').textContent()
  await send(page)
  const refusal = page.getByRole('alert')
  await expect(refusal).toContainText('Not sent: blocked after a 429.')
  await expect(refusal).toContainText(`GET ${LOCATIONS} is blocked for`)
  await expect(refusal).toContainText('Wait for the countdown to end')
  await expect(page.getByTestId('log-count')).toHaveText(count ?? '')

  // From anywhere, the status bar leads back to the gauges.
  await openSection(page, /^Overview/)
  await status.click()
  await expect(page.getByRole('heading', { name: 'Quotas' })).toBeVisible()

  // Resetting the local ledger forgets the block (the server's count stays: it would refuse again).
  await gauge.getByRole('button', { name: `Reset the local ledger of GET ${LOCATIONS}` }).click()
  await expect(gauge).toHaveCount(0)
  await expect(status).not.toContainText('429')
  await expect(status).not.toContainText('locations')
})
