import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { type StartedConsole, startConsole } from '../support/console-host'
import { authorizeAsUser, openSection } from './support/authorize'

// No draft lost: tabs of drafts kept by the engine survive a reload; Ctrl+T / Ctrl+W; "Edit and resend" over an
// edited draft opens a new tab; every send is in the history, searchable, and reopens in a new tab.

let host: StartedConsole
test.beforeAll(async () => {
  host = await startConsole()
})
test.afterAll(async () => {
  await host?.stop()
})

const panel = (page: Page) => page.getByTestId('requests-panel')
const drafts = (page: Page) => panel(page).getByRole('tablist', { name: 'Open drafts' })
/** The tabs as the engine wrote them to the data folder ('' before the first write). */
const keptTabs = () => readFile(join(host.dataDir, 'drafts.json'), 'utf8').catch(() => '')
const status = (page: Page) => panel(page).getByRole('status', { name: 'Response status' })

test('drafts survive a reload, open and close with the keyboard, and are never overwritten', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await authorizeAsUser(page)
  await openSection(page, /^Requests/)

  // Edit the draft: the tab says it was edited; a reload (after the engine kept it) shows it again.
  await panel(page).getByLabel('Path').fill('/pos/v2/1001/checks/chk-3')
  await expect(drafts(page).getByRole('tab', { selected: true })).toContainText('• GET /pos/v2/1001/checks/chk-3')
  await expect.poll(async () => await keptTabs()).toContain('/pos/v2/1001/checks/chk-3')
  await page.reload()
  await openSection(page, /^Requests/)
  await expect(panel(page).getByLabel('Path')).toHaveValue('/pos/v2/1001/checks/chk-3')

  // Ctrl+T opens a new tab in front; Ctrl+W closes it and the edited one comes back.
  await panel(page).getByLabel('Path').press('Control+t')
  await expect(drafts(page).getByRole('tab')).toHaveCount(2)
  await expect(panel(page).getByLabel('Path')).toHaveValue('/')
  await page.keyboard.press('Control+w')
  await expect(drafts(page).getByRole('tab')).toHaveCount(1)
  await expect(panel(page).getByLabel('Path')).toHaveValue('/pos/v2/1001/checks/chk-3')

  // Send it; then "Edit and resend" of another entry does not overwrite the edited draft: it opens a new tab.
  await panel(page).getByRole('button', { name: 'Send' }).click()
  await expect(status(page)).toContainText('200 OK')
  await panel(page).getByLabel('Path').fill('/pos/v2/1001/checks/chk-4')
  const row = page.getByRole('table', { name: 'Network log' }).getByTestId('log-row').filter({ hasText: '/pos/v2/1001/checks/chk-3' })
  await row.first().click()
  await page.getByRole('button', { name: 'Edit and resend' }).click()
  await expect(drafts(page).getByRole('tab')).toHaveCount(2)
  await expect(panel(page).getByLabel('Path')).toHaveValue('/pos/v2/1001/checks/chk-3')
  await drafts(page).getByRole('tab').first().click()
  await expect(panel(page).getByLabel('Path')).toHaveValue('/pos/v2/1001/checks/chk-4')

  // Duplicate, then drag the copy to the front.
  await panel(page).getByRole('button', { name: 'Duplicate' }).click()
  await expect(drafts(page).getByRole('tab')).toHaveCount(3)
  await expect(drafts(page).getByRole('tab').nth(1)).toContainText('(copy)')
  await drafts(page).getByRole('tab').nth(1).dragTo(drafts(page).getByRole('tab').first())
  await expect(drafts(page).getByRole('tab').first()).toContainText('(copy)')

  // The history: a second send, a search by method and status and by text, and a reopen into a new tab.
  await panel(page)
    .getByRole('button', { name: /POST \/pos\/v2\/lookup\/tickets/ })
    .click()
  await expect(drafts(page).getByRole('tab')).toHaveCount(4)
  await panel(page).getByRole('button', { name: 'Send' }).click()
  await expect(status(page)).toContainText('200 OK')
  const sent = panel(page).getByRole('region', { name: 'Sent requests' })
  await expect(sent.getByTestId('sent-count')).toHaveText(/^[2-9] sent$/)
  await sent.getByLabel('Search sent requests').fill('POST 2xx')
  await expect(sent.getByRole('button')).toHaveCount(1)
  await expect(sent.getByRole('button')).toContainText('/pos/v2/lookup/tickets')
  await sent.getByLabel('Search sent requests').fill('chk-3 -POST')
  await expect(sent.getByRole('button')).toHaveCount(1)
  await expect(sent.getByRole('button')).toContainText('GET /pos/v2/1001/checks/chk-3')
  await sent.getByRole('button').first().click()
  await expect(drafts(page).getByRole('tab')).toHaveCount(5)
  await expect(panel(page).getByLabel('Path')).toHaveValue('/pos/v2/1001/checks/chk-3')

  // Every tab is still there after a reload, in the same order.
  const titles = await drafts(page).getByRole('tab').allTextContents()
  await expect.poll(async () => (await keptTabs()).split('"id":"tab-').length - 1).toBe(5)
  await page.reload()
  await openSection(page, /^Requests/)
  await expect(drafts(page).getByRole('tab')).toHaveText(titles)

  for (const [w, h] of [
    [1280, 800],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width: w, height: h })
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await page.screenshot({ path: test.info().outputPath(`draft-tabs-${scheme}-${w}x${h}.png`) })
    }
  }
})
