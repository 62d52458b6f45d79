import { expect, test } from '@playwright/test'
import { SEED_LOCATIONS } from '../../src/sandbox/data/seed-data'
import { type StartedConsole, startConsole } from '../support/console-host'
import { DEMO_MERCHANT, openSection } from './support/authorize'

// Support reproduces a merchant's report from the UI: the Sandbox controls put the built-in sandbox into the
// "granted only read:locations" scenario; the merchant unticks nothing (the page already offers write:installations
// unticked), the token says read:locations, and the install answers 403 where it happened. Back to normal undoes it.

let host: StartedConsole
test.beforeAll(async () => {
  host = await startConsole()
})
test.afterAll(async () => {
  await host?.stop()
})

const SOHO = SEED_LOCATIONS.find(s => s.eligible && s.location.merchantId === DEMO_MERCHANT.merchantId)?.location
if (!SOHO) throw new Error('no eligible seed location for the demo merchant')

test('partial consent from the scenario picker: the consent page leaves a permission unticked and the install answers 403', async ({
  page,
}) => {
  await page.goto(await host.freshUrl())
  await openSection(page, /^Sandbox controls/)
  const card = page.getByRole('region', { name: 'Scenarios' })
  await expect(card.getByTestId('scenario-active')).toHaveText('No scenario: the sandbox behaves as the spec says.')
  await card.getByLabel('Scenario').selectOption({ label: 'Merchant granted only read:locations' })
  await expect(card).toContainText('the install answers 403')
  await expect(card).toContainText('ask the merchant to authorize again with both')
  await card.getByRole('button', { name: 'Apply scenario' }).click()
  await expect(card.getByTestId('scenario-active')).toHaveText('Active: Merchant granted only read:locations')

  await openSection(page, /^Consent flow/)
  await page.getByRole('radio', { name: /System browser \+ loopback/ }).check()
  await page.getByRole('button', { name: 'Build authorize URL' }).click()
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: /^(Open authorize page|Start again)$/ }).click()
  const popup = await popupOpened
  await popup.getByLabel('Username').fill(DEMO_MERCHANT.username)
  await popup.getByLabel('Password').fill(DEMO_MERCHANT.password)
  await popup.getByRole('button', { name: 'Sign in' }).click()
  await expect(popup.getByRole('checkbox', { name: /read:locations/ })).toBeChecked()
  await expect(popup.getByRole('checkbox', { name: /write:installations/ })).not.toBeChecked()
  await popup.getByRole('button', { name: 'Allow' }).click()
  await expect(page.getByRole('status', { name: 'Outcome' })).toContainText('Access granted')

  await openSection(page, /^Tokens/)
  await expect(page.getByRole('list', { name: 'Permissions' }).getByRole('listitem')).toHaveText(['read:locations'])

  await openSection(page, /^Locations/)
  const row = page.getByRole('table', { name: 'Locations' }).getByRole('row').filter({ hasText: SOHO.name })
  await row.getByRole('button', { name: `Install at ${SOHO.name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Install at ${SOHO.name}?` })
  await dialog.getByRole('button', { name: 'Install' }).click()
  const result = page.getByRole('alert', { name: 'Install result' })
  await expect(result).toContainText('Missing permission (403 Forbidden).')
  await expect(result).toContainText('the merchant granted this token: read:locations.')

  await openSection(page, /^Sandbox controls/)
  await card.getByRole('button', { name: 'Back to normal' }).click()
  await expect(card.getByTestId('scenario-active')).toHaveText('No scenario: the sandbox behaves as the spec says.')
})
