import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { type StartedConsole, startConsole } from '../support/console-host'
import { authorizeAsUser, openSection } from './support/authorize'
import { shootBothThemes } from './support/look'

// Quotas the user can trust (issue 22, item 9): the server's latest headers win over the local prediction, "Send
// anyway" holds until the next server answer, "Reset local ledger" works whenever a ledger exists, and a replay's
// failed entries say why in the row.

let host: StartedConsole

test.beforeAll(async () => {
  host = await startConsole()
})
test.afterAll(async () => {
  await host?.stop()
})

const LOCATIONS = '/marketplace/v2/platform-token/locations'

async function sendLocations(page: Page) {
  await page.getByRole('button', { name: 'Send GET locations' }).click()
  await expect(page.getByRole('button', { name: 'Send GET locations' })).toBeEnabled()
}

test('the server’s word beats the ledger; Send anyway lasts until the server answers; reset and replay say what happened', async ({
  page,
}) => {
  await page.goto(await host.freshUrl())
  await authorizeAsUser(page)

  // The sandbox allows 3 GET locations per window.
  await openSection(page, /^Sandbox controls/)
  const sbxQuotas = page.getByRole('region', { name: 'Quotas' })
  await sbxQuotas.getByLabel('Path').fill(LOCATIONS)
  await sbxQuotas.getByLabel('Limit').fill('3')
  await sbxQuotas.getByLabel('Method').selectOption('GET')
  await sbxQuotas.getByRole('button', { name: 'Set limit' }).click()
  await expect(sbxQuotas.getByRole('button', { name: 'Set limit' })).toBeEnabled()

  await openSection(page, /^Quotas/)
  const gauge = page.getByRole('article', { name: `Quota GET ${LOCATIONS}` })
  for (let i = 0; i < 3; i++) await sendLocations(page)
  await expect(gauge.getByTestId('quota-remaining')).toHaveText('0/3')

  // Spent by the server's own word: refused before sending, with the server's number as the reason.
  await sendLocations(page)
  const probe = page.getByRole('region', { name: 'Send a request' })
  await expect(probe.getByRole('alert')).toContainText("the server's last answer")
  await expect(probe.getByRole('alert')).toContainText('said 0 remained')

  // The server's window is reset behind the ledger's back (the operator resets the sandbox's counters).
  await openSection(page, /^Sandbox controls/)
  await sbxQuotas.getByRole('button', { name: 'Reset quotas' }).click()
  await expect(sbxQuotas.getByRole('button', { name: 'Reset quotas' })).toBeEnabled()
  await openSection(page, /^Quotas/)

  // Send anyway: the server answers that 2 remain, and from then on its word counts, not the ledger's 4 sends of 3.
  await sendLocations(page)
  await probe.getByRole('button', { name: 'Send anyway' }).click()
  await expect(probe.getByRole('status', { name: 'Last request' })).toContainText('2 of 3 left')
  await expect(gauge.getByTestId('quota-remaining')).toHaveText('2/3')
  await sendLocations(page)
  await expect(probe.getByRole('alert')).toHaveCount(0)
  await expect(probe.getByRole('status', { name: 'Last request' })).toContainText('1 of 3 left')
  await shootBothThemes(page, 'item9-server-wins')

  // A repro bundle of these calls, replayed while the quota is spent: the failed rows say why, in the row.
  await sendLocations(page)
  await page.getByRole('button', { name: 'Repro bundle…' }).click()
  const form = page.getByRole('form', { name: 'Write a repro bundle' })
  const downloading = page.waitForEvent('download')
  await form.getByRole('button', { name: /^Write bundle/ }).click()
  const path = test.info().outputPath('bundle.json')
  await (await downloading).saveAs(path)
  expect(readFileSync(path, 'utf8')).toContain(LOCATIONS)
  await openSection(page, /^Repro bundle/)
  await page.getByLabel('Bundle file').setInputFiles(path)
  await page.getByRole('button', { name: 'Replay', exact: true }).click()
  const results = page.getByRole('table', { name: 'Replay results' })
  const failed = results.locator('tr[data-outcome="failed"]').first()
  await expect(failed).toContainText('failed')
  await expect(failed).toContainText('looks spent')
  const skipped = results.locator('tr[data-outcome="skipped"]').first()
  await expect(skipped).toContainText('token exchanges are not replayed')
  await shootBothThemes(page, 'item9-replay-why')

  // Reset local ledger: available while a ledger exists, and afterwards the page does not ask for a token it has.
  await openSection(page, /^Quotas/)
  const reset = page.getByRole('button', { name: 'Reset local ledger' })
  await expect(reset).toBeEnabled()
  await reset.click()
  await expect(page.getByTestId('quota-gauge')).toHaveCount(0)
  await expect(page.getByText('First get a token')).toHaveCount(0)
})
