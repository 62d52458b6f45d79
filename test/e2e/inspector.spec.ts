import { createHmac } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { type StartedConsole, startConsole } from '../support/console-host'

// The signature inspector as a user drives it, through the web host. Signatures are checked against HMACs computed
// here with node:crypto from the spec's rules (docs/api.md#hmac-signature), independently of the engine.

let host: StartedConsole

test.beforeAll(async () => {
  host = await startConsole()
})

test.afterAll(async () => {
  await host?.stop()
})

const CLIENT_ID = 'e2e-partner-client'
const SECRET = 'e2e-secret-for-the-inspector'

function hmac(canonical: string): string {
  return createHmac('sha256', SECRET).update(canonical, 'utf8').digest('hex')
}

async function openInspector(page: Page, typeSecret = true): Promise<void> {
  await page.goto(await host.freshUrl())
  await page.getByRole('button', { name: /^Signature inspector/ }).click()
  await expect(page.getByRole('heading', { name: 'Signature inspector', level: 1 })).toBeVisible()
  if (typeSecret) await page.getByLabel('Client secret (this session only)').fill(SECRET)
}

test('typing a path with capitals and a query shows the lowercased path without query, its rule, and a signature that follows the body', async ({
  page,
}) => {
  await openInspector(page)
  await page.getByLabel('Client id (x-access-key)').fill(CLIENT_ID)
  await page
    .getByLabel('Path (with query, as sent)')
    .fill('/API/V1/Export/101001/Tickets?filter[dateTimeFrom]=2026-11-01&filter[dateTimeTo]=2026-11-22')

  const pathRow = page.getByTestId('part-row-path')
  await expect(pathRow.locator('code').first()).toHaveText('/api/v1/export/101001/tickets')
  await expect(pathRow).toContainText('The request path in lowercase, without scheme, host or query string.')
  await expect(pathRow).toContainText('Here: query string dropped; path lowercased.')
  await expect(page.getByTestId('canonical-text').locator('[data-part="path"]')).toHaveText('/api/v1/export/101001/tickets')
  await expect(page.getByLabel('Client secret (this session only)')).toHaveAttribute('type', 'password')
  await expect(page.locator('body')).not.toContainText(SECRET)

  const ts = (await page.getByTestId('header-x-timestamp').textContent())!.trim()
  expect(ts).toMatch(/^\d{10}$/)
  const signature = page.getByTestId('header-x-signature')
  await expect(signature).toHaveText(hmac(`${CLIENT_ID}GET/api/v1/export/101001/tickets${ts}`))
  const before = await signature.textContent()

  const editor = page.getByTestId('editor-Body').locator('.monaco-editor')
  await expect(editor).toBeVisible()
  await editor.click()
  await page.keyboard.type('{"a":1}')
  await expect(page.getByTestId('part-row-body').locator('code').first()).toHaveText('{"a":1}')
  await expect(signature).toHaveText(hmac(`${CLIENT_ID}GET/api/v1/export/101001/tickets{"a":1}${ts}`))
  expect(await signature.textContent()).not.toBe(before)
  await expect(page.getByTestId('signature-life')).toContainText(/Valid for|Expired/)
})

test('verify mode names the mistake of a request signed with the path not lowercased', async ({ page }) => {
  await openInspector(page)
  const ts = Math.floor(Date.now() / 1000)
  const sentPath = '/API/v1/Export/101001/tickets'
  const wrong = hmac(`${CLIENT_ID}GET${sentPath}${ts}`)
  await page.getByRole('tab', { name: 'Verify a captured request' }).click()
  await page
    .getByLabel('Paste a captured request (raw HTTP or cURL)')
    .fill(
      [
        `GET ${sentPath}?filter[dateTimeFrom]=2026-11-01&filter[dateTimeTo]=2026-11-22 HTTP/1.1`,
        'Host: api.example.com',
        `x-access-key: ${CLIENT_ID}`,
        `x-timestamp: ${ts}`,
        `x-signature: ${wrong}`,
        '',
        '',
      ].join('\r\n'),
    )
  await page.getByRole('button', { name: 'Fill the fields from the paste' }).click()
  await expect(page.getByLabel('x-signature')).toHaveValue(wrong)
  await page.getByRole('button', { name: 'Check signature' }).click()

  await expect(page.getByTestId('verdict')).toContainText('Signature does not match')
  const found = page.getByTestId('diagnosis')
  await expect(found.first().getByRole('heading')).toHaveText('path not lowercased')
  await expect(found.first()).toContainText('lowercase it before signing')
  await expect(page.getByTestId('verdict')).toContainText(hmac(`${CLIENT_ID}GET/api/v1/export/101001/tickets${ts}`))

  // The right signature for the same request passes (Ctrl+Enter checks again).
  await page.getByLabel('x-signature').fill(hmac(`${CLIENT_ID}GET/api/v1/export/101001/tickets${ts}`))
  await page.keyboard.press('Control+Enter')
  await expect(page.getByTestId('verdict')).toContainText('Signature valid')
})

test('a signature made with the active environment’s secret is accepted by the built-in sandbox', async ({ page }) => {
  expect(host.sandboxUrl).not.toBeNull()
  await openInspector(page, false)
  const path = '/api/v1/export/101001/tickets?filter[dateTimeFrom]=2026-11-01&filter[dateTimeTo]=2026-11-22'
  await page.getByLabel('Path (with query, as sent)').fill(path)
  await expect(page.getByTestId('part-row-path').locator('code').first()).toHaveText('/api/v1/export/101001/tickets')
  await page.getByRole('button', { name: 'Now', exact: true }).click()
  await expect(page.getByText(/Key: environment “sandbox”/)).toBeVisible()
  // The signature for the time "Now" set is on screen once its x-timestamp is the field's; the three headers are then
  // read in one snapshot of the page, so they come from one signature (read one by one, a re-render could fall
  // between them).
  const now = await page.getByLabel('Timestamp (x-timestamp, Unix seconds)').inputValue()
  await expect(page.getByTestId('header-x-timestamp')).toHaveText(now)
  const headers = await page.evaluate<Record<'x-access-key' | 'x-timestamp' | 'x-signature', string>>(`(() => {
    const header = name => document.querySelector('[data-testid="header-' + name + '"]')?.textContent?.trim() ?? ''
    return { 'x-access-key': header('x-access-key'), 'x-timestamp': header('x-timestamp'), 'x-signature': header('x-signature') }
  })()`)

  expect(headers['x-access-key']).toBe('partner-console-builtin')
  const response = await fetch(`${host.sandboxUrl}${path}`, { headers })
  expect(response.status, await response.text()).toBe(200)
})

test('the status bar shows the clock skew, explains the 10 s lifetime, and opens the inspector', async ({ page }) => {
  await page.goto(await host.freshUrl())
  const skew = page.getByTestId('status-skew')
  await expect(skew).toBeVisible()
  await expect(skew).toContainText(/Clock skew (unknown|[+−]?\d+\.\d s ±\d+\.\d s)/)
  await expect(skew).toHaveAttribute('title', /A signature lives 10 s by the server's clock/)
  await skew.click()
  await expect(page.getByRole('heading', { name: 'Signature inspector', level: 1 })).toBeVisible()
  await expect(page.getByTestId('skew-meter')).toBeVisible()
})
