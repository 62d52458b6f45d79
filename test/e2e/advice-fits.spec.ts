import { expect, test } from '@playwright/test'
import { type StartedConsole, startConsole } from '../support/console-host'
import { authorizeAsUser, openSection } from './support/authorize'
import { shootBothThemes } from './support/look'

// Advice that fits the failure (issue 22, item 7): after the sandbox's clock moved 24 h, a signed export fails as a
// stale signature and the advice is about signing and clock skew, never "Authorize again"; the inspector's "Now"
// re-signs and says why that cannot help, and "Sign with the server's time" is offered right there, in both places.

let host: StartedConsole

test.beforeAll(async () => {
  host = await startConsole()
})
test.afterAll(async () => {
  await host?.stop()
})

test('a stale signature after the clock moved: signing advice, the server’s time offered and working', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await authorizeAsUser(page)
  await openSection(page, /^Sandbox controls/)
  await page.getByRole('button', { name: 'Advance the clock 24 h' }).click()
  await expect(page.getByTestId('sandbox-offset')).not.toHaveText(/^[+−-]?0/)

  // The export: signed with this machine's time, refused as stale by the server a day ahead.
  await openSection(page, /^Export tickets/)
  await page.getByRole('form', { name: 'Export request' }).getByLabel('Location id').fill('101001')
  await page.getByRole('form', { name: 'Export request' }).getByRole('button', { name: 'Send' }).click()
  const response = page.getByRole('region', { name: 'Response' })
  await expect(response.getByRole('alert')).toContainText('401')
  await expect(response).toContainText('stale, not the token')
  await expect(response).not.toContainText(/Authorize again/i)
  await expect(response).not.toContainText('could not be refreshed')
  await shootBothThemes(page, 'item7-export-stale')

  // The inspector: Now signs with this machine's clock, the freshness says why that is stale again, and offers the fix.
  await openSection(page, /^Signature inspector/)
  await page.getByLabel('Path (with query, as sent)').fill('/api/v1/export/101001/tickets')
  await page.getByRole('button', { name: 'Now', exact: true }).click()
  const life = page.getByTestId('signature-life')
  await expect(life).toContainText('“Now” signs stale again')
  await expect(life).not.toContainText('Press “Now”')
  await life.getByRole('button', { name: 'Sign with the server’s time' }).click()
  await expect(life).toContainText(/Valid for \d+\.\d s more by the server’s clock/)
  await shootBothThemes(page, 'item7-inspector-server-time')

  // Back in Export: "Sign with the server's time" right there, and the export goes through.
  await openSection(page, /^Export tickets/)
  await response.getByRole('button', { name: 'Sign with the server’s time' }).click()
  await expect(page.getByTestId('ticket-count')).toBeVisible()
  await expect(response).toContainText('200 OK')
  await expect(response.getByRole('alert')).toHaveCount(0)
})
