import { expect, test } from '@playwright/test'
import { DEMO_LOGINS } from '../../src/sandbox'
import { type StartedConsole, startConsole } from '../support/console-host'
import { authorizeAsUser, openSection } from './support/authorize'
import { shootBothThemes } from './support/look'

// Nothing stale (issue 22, item 2): a view of server state belongs to the environment and the grant it was fetched
// with. After a second merchant consents, Locations and Export's location picker show only that merchant's locations,
// say whose they are and when they were fetched; nothing of the first merchant can be picked or installed.

let host: StartedConsole

test.beforeAll(async () => {
  host = await startConsole()
})
test.afterAll(async () => {
  await host?.stop()
})

const [GLOBE, LUMIERE] = [DEMO_LOGINS[0]!, DEMO_LOGINS[1]!]

test('consent as M-1001 and list, then as M-2002: the list and the export picker show only M-2002’s locations', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await authorizeAsUser(page, GLOBE)
  await openSection(page, /^Locations/)
  const table = page.getByRole('table', { name: 'Locations' })
  await expect(table.getByRole('row').filter({ hasText: 'Globe Bistro Shibuya' })).toBeVisible()
  const first = page.getByTestId('locations-provenance')
  await expect(first).toContainText(`${GLOBE.merchantId}’s locations · fetched`)
  const firstGrant = (await first.locator('.mono').textContent()) ?? ''
  // Open the install dialog for one of M-1001's locations and leave it open: it must not survive the new grant.
  await table.getByRole('button', { name: 'Install at Globe Bistro Shibuya' }).click()
  await expect(page.getByRole('dialog', { name: /Install at Globe Bistro Shibuya/ })).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()

  await openSection(page, /^Export tickets/)
  const picker = page.getByRole('form', { name: 'Export request' }).getByLabel('Location', { exact: true })
  await expect(picker.getByRole('option', { name: /Globe Bistro Brussel Zavel \(101001\)/ })).toHaveCount(1)
  await expect(picker).toHaveValue('101001')

  // The second demo merchant consents in the same environment.
  await authorizeAsUser(page, LUMIERE)
  await openSection(page, /^Locations/)
  const second = page.getByTestId('locations-provenance')
  await expect(second).toContainText(`${LUMIERE.merchantId}’s locations · fetched`)
  await expect(second.locator('.mono')).not.toHaveText(firstGrant)
  await expect(table.getByRole('row').filter({ hasText: 'Café Lumière Marais' })).toBeVisible()
  await expect(table).not.toContainText('Globe Bistro')
  await expect(table).not.toContainText(GLOBE.merchantId)
  await shootBothThemes(page, 'item2-locations-second-merchant')

  // Installing from this list installs M-2002's location (no 422 "does not exist for merchant").
  await table.getByRole('button', { name: 'Install at Café Lumière Marais' }).click()
  await page
    .getByRole('dialog', { name: /Install at Café Lumière Marais/ })
    .getByRole('button', { name: 'Install' })
    .click()
  await expect(table.getByRole('row').filter({ hasText: 'Café Lumière Marais' })).toContainText(/Installed|201|200/)

  await openSection(page, /^Export tickets/)
  await expect(page.getByTestId('export-locations-provenance')).toContainText(`${LUMIERE.merchantId}’s locations · fetched`)
  await expect(picker.getByRole('option', { name: /Globe Bistro/ })).toHaveCount(0)
  await expect(picker.getByRole('option', { name: /Café Lumière Marais \(202001\)/ })).toHaveCount(1)
  // The id picked from M-1001's list was replaced by one of M-2002's list.
  await expect(picker).not.toHaveValue('101001')
  await expect(picker).toHaveValue(/^2020\d\d$/)
  await shootBothThemes(page, 'item2-export-picker-second-merchant')
})
