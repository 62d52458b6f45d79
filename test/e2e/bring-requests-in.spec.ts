import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { type StartedConsole, startConsole } from '../support/console-host'
import { authorizeAsUser, openSection } from './support/authorize'

// Requests brought in from where support staff receive them: a partner's cURL command (Paste cURL, or pasted into
// the path field), signed with a long-dead signature and sent with a fresh one; a Postman collection v2.1 imported
// into saved requests and sent from there.

let host: StartedConsole

test.beforeAll(async () => {
  host = await startConsole()
})
test.afterAll(async () => {
  await host?.stop()
})
test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

const panel = (page: Page) => page.getByTestId('requests-panel')
const status = (page: Page) => panel(page).getByRole('status', { name: 'Response status' })
const fixtures = join(import.meta.dirname, '../integration/requests/fixtures')

const partnerCurl = `curl 'https://api.partner.example/pos/v2/lookup/tickets' \\
  -H 'content-type: application/json' \\
  -H 'x-access-key: partner-demo' \\
  -H 'x-timestamp: 1600000000' \\
  -H 'x-signature: 5f0c1e0d9a' \\
  --data-raw '{"ticketIds":["T-1"]}'`

test('a pasted cURL command becomes the request, re-signed at send; a Postman collection becomes saved requests', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await authorizeAsUser(page)
  await openSection(page, /^Requests/)

  // Paste cURL: the signed command is recognised (HMAC), aimed at this environment, and sent with a fresh signature.
  await panel(page).getByRole('button', { name: 'Paste cURL' }).click()
  await panel(page).getByLabel('cURL command').fill(partnerCurl)
  await panel(page).getByRole('button', { name: 'Use this request' }).click()
  await expect(panel(page).getByLabel('Path', { exact: true })).toHaveValue('/pos/v2/lookup/tickets')
  await expect(panel(page).getByRole('radio', { name: /HMAC/ })).toBeChecked()
  await expect(panel(page).getByTestId('draft-notes')).toContainText('Recognised as an HMAC-signed request')
  await expect(panel(page).getByTestId('draft-notes')).toContainText('api.partner.example')
  await expect(panel(page).getByTestId('editor-Request body')).toContainText('"ticketIds"')
  await panel(page).getByRole('button', { name: 'Send' }).click()
  await expect(status(page)).toContainText('200 OK')
  await expect(panel(page).getByTestId('editor-Response body')).toContainText('"found": true')

  // A cURL command pasted into the path field (Chrome's cmd copy) becomes the whole request, not a path.
  const cmd =
    'curl ^"https://api.partner.example/marketplace/v2/platform-token/locations^" ^\n  -H ^"authorization: Bearer eyJ0b2tlbg^" ^\n  -H ^"accept: application/json^"'
  await page.evaluate(
    text =>
      (globalThis as unknown as { navigator: { clipboard: { writeText(t: string): Promise<void> } } }).navigator.clipboard.writeText(text),
    cmd,
  )
  await panel(page).getByLabel('Path', { exact: true }).fill('')
  await panel(page).getByLabel('Path', { exact: true }).press('ControlOrMeta+V')
  await expect(panel(page).getByLabel('Path', { exact: true })).toHaveValue('/marketplace/v2/platform-token/locations')
  await expect(panel(page).getByRole('radio', { name: /Bearer/ })).toBeChecked()
  await expect(panel(page).getByLabel('Method')).toHaveValue('GET')
  await panel(page).getByRole('button', { name: 'Send' }).click()
  await expect(status(page)).toContainText('200 OK')

  // A broken command says what is wrong.
  await panel(page).getByRole('button', { name: 'Paste cURL' }).click()
  await panel(page).getByLabel('cURL command').fill("curl 'https://x")
  await panel(page).getByRole('button', { name: 'Use this request' }).click()
  await expect(panel(page).getByText(/a single quote .* is never closed/)).toBeVisible()
  await panel(page).getByRole('button', { name: 'Cancel' }).click()

  // Postman: the collection (its variables) lands in saved requests, folders flattened, the HMAC folder signed.
  await panel(page)
    .getByLabel('Collection file')
    .setInputFiles([join(fixtures, 'partner-api.postman_collection.json')])
  await expect(panel(page).getByText(/Imported 6 from Postman; skipped 1: Upload a menu/)).toBeVisible()
  const saved = panel(page).getByRole('region', { name: 'Saved requests' })
  await expect(saved.getByRole('button', { name: /Marketplace \/ Locations \/ List locations/ })).toBeVisible()
  await saved.getByRole('button', { name: /Signed \/ Export tickets/ }).click()
  await expect(panel(page).getByLabel('Path', { exact: true })).toHaveValue('/api/v1/export/{locationId}/tickets')
  await expect(panel(page).getByLabel('Parameter locationId')).toHaveValue('101002')
  await expect(panel(page).getByRole('radio', { name: /HMAC/ })).toBeChecked()
  await panel(page).getByRole('button', { name: 'Send' }).click()
  await expect(status(page)).toContainText('200 OK')
})
