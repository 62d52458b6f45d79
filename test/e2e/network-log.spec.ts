import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { type StartedConsole, startConsole } from '../support/console-host'
import { authorizeAsUser, openSection } from './support/authorize'

// The network log as a user reads it: entries arriving live with method, status and timing; the detail of a bearer
// call with Authorization shown as a fingerprint chip; copy as cURL and HAR export without the token; the HAR
// imported back; filters; clear.

let host: StartedConsole
const LOCATIONS = '/marketplace/v2/platform-token/locations'

test.beforeAll(async () => {
  host = await startConsole()
})

test.afterAll(async () => {
  await host?.stop()
})

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

function rows(page: Page) {
  return page.getByRole('table', { name: 'Network log' }).getByTestId('log-row')
}

/** The access token's value and fingerprint, read through the Tokens panel's explicit reveal. */
async function readToken(page: Page): Promise<{ value: string; fingerprint: string }> {
  await openSection(page, /^Tokens/)
  // Read once the fingerprint is on screen (read earlier, it could be a placeholder of the loading panel).
  await expect(page.getByTestId('access-fingerprint')).toHaveText(/^#[0-9a-f]{8}$/)
  const fingerprint = ((await page.getByTestId('access-fingerprint').textContent()) ?? '').replace('#', '')
  await page.getByRole('button', { name: 'Reveal the access token' }).click()
  await expect(page.getByTestId('access-token')).not.toContainText('…')
  const value = ((await page.getByTestId('access-token').textContent()) ?? '').trim()
  await page.getByRole('button', { name: 'Hide the access token' }).click()
  expect(fingerprint).toMatch(/^[0-9a-f]{8}$/)
  expect(value.length).toBeGreaterThan(20)
  return { value, fingerprint }
}

test('live entries, redacted detail, cURL and HAR without the token, import, filters, clear', async ({ page }) => {
  await page.goto(await host.freshUrl())
  const log = page.getByRole('table', { name: 'Network log' })
  await expect(page.getByText('No requests yet')).toBeVisible()

  // The token exchange of the consent flow appears live.
  await authorizeAsUser(page)
  const tokenRow = rows(page).filter({ hasText: '/oauth2/token' })
  await expect(tokenRow.first()).toBeVisible()
  await expect(tokenRow.first().getByRole('cell').nth(1)).toHaveText('POST')
  await expect(tokenRow.first().getByRole('cell').nth(2)).toHaveText('200')

  // A bearer call appears live with method, status and time.
  await openSection(page, /^Quotas/)
  await page.getByRole('button', { name: 'Send GET locations' }).click()
  const call = rows(page).filter({ hasText: LOCATIONS }).first()
  await expect(call).toBeVisible()
  const cells = call.getByRole('cell')
  await expect(cells.nth(1)).toHaveText('GET')
  await expect(cells.nth(2)).toHaveText('200')
  await expect(cells.nth(4)).toHaveText('api · bearer')
  await expect(cells.nth(6)).toHaveText(/^\d+(\.\d)? ms$/)

  const token = await readToken(page)

  // Detail: Authorization is a fingerprint chip naming the same token the Tokens panel shows; never the value.
  await call.getByRole('button').click()
  const detail = page.getByRole('region', { name: 'Entry detail' })
  const requestHeaders = detail.getByRole('table', { name: 'Request headers' })
  const authorization = requestHeaders.getByRole('row', { name: /^authorization/i })
  await expect(authorization).toContainText('Bearer')
  await expect(authorization.getByTestId('redaction-chip')).toHaveAttribute('data-fingerprint', token.fingerprint)
  await expect(authorization.getByTestId('redaction-chip')).toContainText(`access_token${token.fingerprint}`)
  await expect(detail).not.toContainText(token.value)
  await expect(detail.getByRole('table', { name: 'Response headers' })).toContainText(/x-ratelimit-remaining/i)

  await detail.getByRole('button', { name: 'Timing' }).click()
  const waterfall = detail.getByRole('table', { name: 'Timing waterfall' })
  await expect(waterfall.getByRole('row', { name: /Waiting \(TTFB\)/ })).toContainText(/\d ms/)
  await expect(waterfall.getByRole('row', { name: /Total/ })).toContainText(/\d ms/)
  await detail.getByRole('button', { name: 'Response', exact: true }).click()
  await expect(detail.getByTestId('editor-Response body')).toContainText('results')
  await detail.getByRole('button', { name: 'Headers' }).click()

  // Copy as cURL: redacted by default; the clipboard holds the same command, without the token.
  await detail.getByRole('button', { name: 'Copy as cURL' }).click()
  await expect(detail.getByRole('status', { name: 'cURL command' })).toContainText('Copied to the clipboard (redacted)')
  const clipboard = await page.evaluate<string>('navigator.clipboard.readText()')
  expect(clipboard).toContain(`curl -g 'http://127.0.0.1:`)
  expect(clipboard).toContain(LOCATIONS)
  expect(clipboard).toContain(`authorization: Bearer [redacted:access_token:${token.fingerprint}]`)
  expect(clipboard).not.toContain(token.value)
  await expect(detail.getByTestId('curl-command')).not.toContainText(token.value)

  // Save HAR: a file download, sanitized, without the token.
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Save HAR' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^partner-console-.*\.har$/)
  const harPath = test.info().outputPath(download.suggestedFilename())
  await download.saveAs(harPath)
  const harText = readFileSync(harPath, 'utf8')
  expect(harText).not.toContain(token.value)
  expect(harText).toContain(`[redacted:access_token:${token.fingerprint}]`)
  const har = JSON.parse(harText) as { log: { version: string; comment: string; entries: Array<{ request: { url: string } }> } }
  expect(har.log.version).toBe('1.2')
  expect(har.log.comment).toContain('Sanitized')
  const exported = har.log.entries.length
  expect(har.log.entries.some(e => e.request.url.endsWith(LOCATIONS))).toBe(true)
  await expect(page.getByTestId('log-count')).toHaveText(`${exported} entries`)

  // A HAR with secrets only after an explicit confirmation that says what it holds; Cancel exports nothing.
  await page.getByRole('button', { name: 'With secrets…' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Save a HAR with secrets' })
  await expect(confirm).toContainText('in clear')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toHaveCount(0)
  await page.getByRole('button', { name: 'With secrets…' }).click()
  const downloadingSecrets = page.waitForEvent('download')
  await page.getByRole('alertdialog', { name: 'Save a HAR with secrets' }).getByRole('button', { name: 'Save with secrets' }).click()
  const secretDownload = await downloadingSecrets
  expect(secretDownload.suggestedFilename()).toMatch(/-WITH-SECRETS\.har$/)
  const secretPath = test.info().outputPath(secretDownload.suggestedFilename())
  await secretDownload.saveAs(secretPath)
  const secretHar = readFileSync(secretPath, 'utf8')
  expect(secretHar).toContain(token.value)
  expect(JSON.parse(secretHar).log.comment).toMatch(/^CONTAINS SECRETS/)
  await expect(page.getByText(/WITH SECRETS \(\d+ restored/)).toBeVisible()

  // Filters: text, method, status class (the detail closed: the list shows every column again).
  await detail.getByRole('button', { name: 'Close the detail' }).click()
  await expect(detail).toHaveCount(0)
  const filter = page.getByLabel('Filter the log')
  await filter.fill('platform-token/locations')
  await expect(rows(page)).toHaveCount(1)
  await expect(page.getByTestId('log-count')).toHaveText(`1 of ${exported}`)
  await filter.fill('method:POST')
  await expect(rows(page).filter({ hasText: '/oauth2/token' })).not.toHaveCount(0)
  for (const method of await log.getByTestId('log-row').locator('td:nth-child(2)').allTextContents()) expect(method).toBe('POST')
  await filter.fill('status:4xx')
  await expect(page.getByText('No entry matches the filter.')).toBeVisible()
  await page.getByRole('button', { name: 'Clear the filter' }).click()
  await expect(page.getByTestId('log-count')).toHaveText(`${exported} entries`)

  // Clear, then import the exported HAR to view it again (marked as imported).
  await page.getByRole('button', { name: 'Clear', exact: true }).click()
  await expect(page.getByText('No requests yet')).toBeVisible()
  await expect(page.getByTestId('log-count')).toHaveText('0 entries')
  await page.getByLabel('Open HAR').setInputFiles(harPath)
  await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toContainText(
    `Imported ${exported} from ${download.suggestedFilename()}`,
  )
  await expect(page.getByTestId('log-count')).toHaveText(`${exported} entries`)
  const imported = rows(page).filter({ hasText: LOCATIONS }).first()
  await expect(imported).toContainText('HAR')
  await imported.getByRole('button').click()
  await expect(detail).toContainText('imported from a HAR file')
  // Still a chip, never the value. (The import re-redacts the marker itself, so its fingerprint differs from the
  // original one: reported to the engine's owner.)
  await expect(
    detail
      .getByRole('table', { name: 'Request headers' })
      .getByRole('row', { name: /^authorization/i })
      .getByTestId('redaction-chip'),
  ).toBeVisible()
  await expect(detail).not.toContainText(token.value)
})
