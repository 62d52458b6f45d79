import { expect, type Page, test } from '@playwright/test'
import { type StartedConsole, startConsole } from '../support/console-host'
import { authorizeAsUser, openSection } from './support/authorize'
import { shootBothThemes } from './support/look'

// First run (issue 22, item 13): Overview's checklist ticks itself from what the engine saw, step by step, as a new
// user goes through the flow anywhere in the console; hidden, it stays hidden across a reload and comes back from the
// palette; its ticks survive the reload (the engine keeps them in the data folder).

let host: StartedConsole

test.beforeAll(async () => {
  host = await startConsole()
})
test.afterAll(async () => {
  await host?.stop()
})

function checklist(page: Page) {
  return page.getByRole('region', { name: 'First steps' })
}

async function expectDone(page: Page, done: string[]): Promise<void> {
  await openSection(page, /^Overview/)
  for (const id of ['environment', 'token', 'locations', 'signed', 'inspected']) {
    await expect(checklist(page).locator(`[data-step="${id}"]`)).toHaveAttribute('data-done', String(done.includes(id)))
  }
}

test('the checklist ticks each step as the user does it, says why, links there, hides and comes back', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible()
  // The built-in sandbox is running: the first step is done before anything else, and says what showed it.
  await expectDone(page, ['environment'])
  await expect(checklist(page)).toContainText('1 of 5 done')
  await expect(checklist(page).locator('[data-step="environment"]')).toContainText('Done: Sandbox (built-in) answers.')
  await expect(checklist(page).locator('[data-step="token"]')).toContainText('A merchant consents to your client')
  await shootBothThemes(page, 'item13-first-run-start')

  // Clicking a step's link goes there; it does not tick anything.
  await checklist(page).locator('[data-step="token"]').getByRole('button', { name: 'Open the consent flow' }).click()
  await expect(page.getByRole('heading', { name: /^Consent flow/, level: 1 })).toBeVisible()
  await expectDone(page, ['environment'])

  await authorizeAsUser(page)
  await expectDone(page, ['environment', 'token'])

  await openSection(page, /^Locations/)
  await expect(page.getByRole('table', { name: 'Locations' }).getByRole('row').filter({ hasText: 'Globe Bistro Shibuya' })).toBeVisible()
  await expectDone(page, ['environment', 'token', 'locations'])

  await openSection(page, /^Export tickets/)
  await page.getByLabel('Location id').fill('101001')
  await page.getByLabel('From (YYYY-MM-DD)').fill('2025-04-01')
  await page.getByLabel('To (YYYY-MM-DD)').fill('2025-04-03')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.locator('.export-answer')).not.toContainText('Press Send')
  await expectDone(page, ['environment', 'token', 'locations', 'signed'])
  await expect(checklist(page).locator('[data-step="signed"]')).toContainText('(HMAC) answered 200')

  // Looking at an exchange: open the network log from the step's link and open one row.
  await checklist(page).locator('[data-step="inspected"]').getByRole('button', { name: 'Open the network log' }).click()
  await page.getByRole('table', { name: 'Network log' }).getByTestId('log-row').first().click()
  await expectDone(page, ['environment', 'token', 'locations', 'signed', 'inspected'])
  await expect(checklist(page)).toContainText('All done')
  await page.keyboard.press('Control+`')
  await shootBothThemes(page, 'item13-first-run-done')

  // The ticks are the engine's: a reload shows them all again.
  await page.goto(await host.freshUrl())
  await expectDone(page, ['environment', 'token', 'locations', 'signed', 'inspected'])

  // Hidden, it stays hidden after a reload, leaves a way back, and the palette brings it back too.
  await checklist(page).getByRole('button', { name: 'Hide' }).click()
  await expect(checklist(page)).toHaveCount(0)
  await expect(page.getByText('First steps hidden (5 of 5 done).')).toBeVisible()
  await page.goto(await host.freshUrl())
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible()
  await expect(page.getByText('First steps hidden (5 of 5 done).')).toBeVisible()
  await expect(checklist(page)).toHaveCount(0)
  await page.keyboard.press('Control+k')
  await page.getByRole('textbox', { name: 'Command' }).fill('first steps')
  await page.keyboard.press('Enter')
  await expect(checklist(page)).toBeVisible()
})
