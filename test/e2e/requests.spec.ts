import { expect, type Page, test } from '@playwright/test'
import { type StartedConsole, startConsole } from '../support/console-host'
import { authorizeAsUser, openSection } from './support/authorize'

// The Requests panel as a user drives it: a catalogue request composed and sent (Ctrl+Enter), the quota predicted
// before sending, an edit and a second send, a log entry opened in the composer and resent with fresh credentials,
// two exchanges compared (bodies JSON-aware, HMAC canonical strings part by part), Copy as, and Cancel.

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

async function setBody(page: Page, text: string) {
  const editor = panel(page).getByTestId('editor-Request body')
  await editor.locator('.monaco-editor').click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(text)
}

test('compose, send, edit, resend from the log, compare, copy as, cancel', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await authorizeAsUser(page)
  await openSection(page, /^Requests/)

  // A docs/api.md#limits request from the catalogue: the prediction shows its family's limit before anything is sent.
  await panel(page)
    .getByRole('button', { name: /POST \/pos\/v2\/lookup\/tickets/ })
    .click()
  await expect(panel(page).getByLabel('Path')).toHaveValue('/pos/v2/lookup/tickets')
  await expect(panel(page).getByRole('radio', { name: /HMAC/ })).toBeChecked()
  await expect(panel(page).getByTestId('composer-quota-remaining')).toHaveText('500/500')

  // Ctrl/⌘+Enter sends; the answer shows in the response view; the prediction follows the ledger.
  await panel(page).getByLabel('Path').press('ControlOrMeta+Enter')
  await expect(status(page)).toContainText('200 OK')
  await expect(panel(page).getByTestId('composer-quota-remaining')).toHaveText('499/500')
  await expect(panel(page).getByTestId('editor-Response body')).toContainText('"found": true')

  // Edit the body (JSON is checked as typed) and send again.
  await setBody(page, 'not json {')
  await expect(panel(page).getByTestId('body-json-problem')).toBeVisible()
  await setBody(page, '{"ticketIds": ["missing-7"')
  await expect(panel(page).getByTestId('editor-Request body').locator('.view-lines')).toHaveText('{"ticketIds": ["missing-7"]}')
  await expect(panel(page).getByTestId('body-json-problem')).toHaveCount(0)
  await panel(page).getByRole('button', { name: 'Send' }).click()
  await expect(panel(page).getByTestId('editor-Response body')).toContainText('"found": false')

  // Copy as: the program signs at run time; no secret in it.
  await panel(page).getByLabel('Snippet language').selectOption('python')
  await panel(page).getByRole('button', { name: 'Copy', exact: true }).click()
  await expect(panel(page).getByTestId('snippet-code')).toContainText('PARTNER_CLIENT_SECRET')
  await expect(panel(page).getByTestId('snippet-code')).toContainText('hmac.new(')
  const clip = await page.evaluate(() =>
    (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText(),
  )
  expect(clip).toContain('urllib.request')

  // From the network log: the first lookup opens in the composer without its captured signature, and resends.
  const rows = page.getByRole('table', { name: 'Network log' }).getByTestId('log-row').filter({ hasText: '/pos/v2/lookup/tickets' })
  await expect(rows).toHaveCount(2)
  await rows.first().click()
  await page.getByRole('button', { name: 'Compare: use as A' }).click()
  await page.getByRole('button', { name: 'Edit and resend' }).click()
  await expect(panel(page).getByTestId('draft-notes')).toContainText('signed anew at send')
  await expect(panel(page).getByLabel('Headers name 1')).toHaveValue('content-type')
  await panel(page).getByRole('button', { name: 'Send' }).click()
  await expect(status(page)).toContainText('200 OK')
  await expect(panel(page).getByTestId('editor-Response body')).toContainText('"found": true')

  // Compare the first lookup (A) with the edited one: bodies differ by JSON Pointer, the canonical strings by body.
  // The answer to Send may have folded the drawer to make room (useRevealAnswer): open it again, as a user would.
  const drawerToggle = page.getByRole('region', { name: 'Drawer' }).getByRole('button', { name: /^(Show ▴|Hide ▾)$/ })
  if ((await drawerToggle.textContent()) === 'Show ▴') await drawerToggle.click()
  await expect(rows).toHaveCount(3)
  await rows.nth(1).click()
  await page.getByRole('button', { name: 'Compare with A' }).click()
  await expect(panel(page).getByRole('tab', { name: 'Compare' })).toHaveAttribute('aria-selected', 'true')
  await expect(panel(page).getByTestId('compare-summary')).toContainText('request body')
  await expect(panel(page).getByTestId('compare-summary')).toContainText('canonical string')
  await expect(panel(page).getByTestId('canonical-body')).toContainText('byte')
  await expect(panel(page).getByTestId('canonical-path')).toContainText('same')
  await expect(panel(page).getByRole('table', { name: 'request-body differences' })).toContainText('/ticketIds/0')

  // Cancel: a slow answer (a sandbox fault) is cancelled from the composer.
  await openSection(page, /^Sandbox controls/)
  const faults = page.getByRole('region', { name: 'Faults' })
  await faults.getByLabel('Fault path').fill('/online-ordering/v2/orders')
  await faults.getByLabel('Latency ms').fill('20000')
  await faults.getByRole('button', { name: 'Add fault' }).click()
  await openSection(page, /^Requests/)
  await panel(page).getByRole('tab', { name: 'Composer' }).click()
  await panel(page)
    .getByRole('button', { name: /V2 List orders/ })
    .click()
  await panel(page).getByRole('button', { name: 'Send' }).click()
  await expect(panel(page).getByText('Sending…')).toBeVisible()
  await panel(page).getByRole('button', { name: 'Cancel' }).click()
  await expect(panel(page).getByRole('alert')).toContainText(/cancel/i)
  await expect(panel(page).getByRole('button', { name: 'Send' })).toBeVisible()
})

test('saved requests: save, send with history, export without secrets', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await authorizeAsUser(page)
  await openSection(page, /^Requests/)
  await panel(page)
    .getByRole('button', { name: /V1 Get order/ })
    .click()
  await expect(panel(page).getByLabel('Parameter orderId')).toHaveValue('v1-ord-1')
  await panel(page).getByLabel('Request name').fill('Order one')
  await panel(page).getByLabel('Folder').fill('Orders')
  await panel(page).getByRole('button', { name: 'Save to collection' }).click()
  const saved = panel(page).getByRole('region', { name: 'Saved requests' })
  await expect(saved.getByRole('button', { name: 'GET Orders / Order one' })).toBeVisible()
  await panel(page).getByRole('button', { name: 'Send' }).click()
  await expect(status(page)).toContainText(/\d{3}/)
  await expect(saved.getByRole('region', { name: 'History' }).getByRole('listitem')).toHaveCount(1)
  const download = page.waitForEvent('download')
  await saved.getByRole('button', { name: 'Save to file' }).click()
  const file = await (await download).createReadStream()
  let text = ''
  for await (const chunk of file) text += chunk
  expect(JSON.parse(text)).toMatchObject({
    format: 'partner-console-collection',
    version: 1,
    requests: [{ name: 'Order one', folder: 'Orders' }],
  })
})

test('the inspector hands out signing code in seven languages and the test-vector file', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await openSection(page, /^Signature inspector/)
  await page.getByText('Signing code to take home').click()
  const tabs = page.getByRole('tablist', { name: 'Signing code language' })
  await expect(tabs.getByRole('tab')).toHaveText(['Node', 'Python', 'Java', 'C#', 'Go', 'PHP', 'Shell (openssl)', 'Test vectors'])
  await tabs.getByRole('tab', { name: 'Java' }).click()
  await expect(page.getByTestId('take-home-code')).toContainText('public final class PartnerSigner')
  await tabs.getByRole('tab', { name: 'Test vectors' }).click()
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download' }).click()
  let text = ''
  for await (const chunk of await (await download).createReadStream()) text += chunk
  const file = JSON.parse(text)
  expect(file.vectors.map((v: { name: string }) => v.name)).toContain('export-tickets-get')
  expect(file.mistakes.map((m: { id: string }) => m.id)).toContain('path-not-lowercased')
})
