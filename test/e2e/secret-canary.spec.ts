import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { findFreePort } from '../../src/main/runtime/free-port'
import { DEMO_LOGINS, type RunningSandbox, startSandbox } from '../../src/sandbox'
import { type StartedConsole, startConsole } from '../support/console-host'
import { authorizeAsUser, openSection as open } from './support/authorize'
import { createEnvironment } from './support/environments'

// The secret canary: the whole walkthrough through the web UI with a client secret nobody else uses, while recording
// every byte the console writes or emits — files in its data folder (vault included), its terminal output, every
// WebSocket frame to the page, the page's console, the HAR it exports and the cURL it copies — and the test fails on
// any occurrence of the secret or of a token or code the server issued. The token values are learned by a recording
// proxy in front of the sandbox, which sees every response the console receives.

const CANARY = `canary-${randomBytes(12).toString('hex')}`
const CLIENT_ID = 'canary-client'
const merchant = DEMO_LOGINS[0]!

let sandbox: RunningSandbox
let proxy: Server
let proxyUrl: string
let host: StartedConsole
let redirectUri: string
const issued = new Set<string>()

/** Remembers every token, refresh token and code that passes through the proxy. */
function learn(text: string, location: string | undefined): void {
  for (const m of text.matchAll(/"(access_token|refresh_token)"\s*:\s*"([^"]+)"/g)) if (m[2]) issued.add(m[2])
  const code = location ? new URL(location, 'http://x').searchParams.get('code') : null
  if (code) issued.add(code)
}

test.beforeAll(async () => {
  const catcherPort = await findFreePort()
  redirectUri = `http://127.0.0.1:${catcherPort}/callback`
  sandbox = await startSandbox({ quiet: true, clients: [{ clientId: CLIENT_ID, clientSecret: CANARY, redirectUris: [redirectUri] }] })
  const target = new URL(sandbox.url)
  proxy = createServer((req, res) => {
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      up => {
        const chunks: Buffer[] = []
        up.on('data', (c: Buffer) => chunks.push(c))
        up.on('end', () => {
          const body = Buffer.concat(chunks)
          learn(body.toString('utf8'), up.headers.location)
          res.writeHead(up.statusCode ?? 502, up.headers)
          res.end(body)
        })
      },
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  await new Promise<void>(r => proxy.listen(0, '127.0.0.1', () => r()))
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
  host = await startConsole()
})

test.afterAll(async () => {
  await host?.stop()
  proxy?.closeAllConnections()
  proxy?.close()
  await sandbox?.close()
})

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap(name => {
    const p = join(dir, name)
    return statSync(p).isDirectory() ? filesUnder(p) : [p]
  })
}

test('no secret or token in anything the console wrote or emitted during a full walkthrough', async ({ page, context }) => {
  test.setTimeout(120_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const emitted: string[] = []
  const sent: string[] = []
  page.on('websocket', ws => {
    ws.on('framereceived', f => emitted.push(String(f.payload)))
    ws.on('framesent', f => sent.push(String(f.payload)))
  })
  page.on('console', m => emitted.push(m.text()))
  page.on('pageerror', e => emitted.push(String(e)))

  await page.goto(await host.freshUrl())

  // An environment for the canary client, through the proxy; the secret is typed once, here.
  await createEnvironment(page, { name: 'Canary', clientId: CLIENT_ID, authUrl: proxyUrl, redirectUri: redirectUri, secret: CANARY })
  await page.getByRole('combobox', { name: 'Environment', exact: true }).selectOption({ label: 'Canary' })
  await expect(page.getByTestId('status-environment')).toHaveText('Canary')

  // Consent in the popup, as a merchant.
  await authorizeAsUser(page, merchant)
  await expect(page.getByRole('status', { name: 'Outcome' })).toContainText('Access granted')

  // Tokens: reveal is an explicit action; it must not leave a trace either once hidden (it is not logged or stored).
  await open(page, /^Tokens/)
  await expect(page.getByTestId('access-fingerprint')).toHaveText(/^#[0-9a-f]{8}$/)

  // Locations, install, export, refresh.
  await open(page, /^Locations/)
  const table = page.getByRole('table', { name: 'Locations' })
  await expect(table.getByRole('row').nth(1)).toBeVisible()
  const firstRow = table.getByRole('row').nth(1)
  const installButton = firstRow.getByRole('button', { name: /^Install at / })
  const locationName = ((await installButton.getAttribute('aria-label')) ?? (await installButton.textContent()) ?? '').replace(
    /^Install at /,
    '',
  )
  await installButton.click()
  const dialog = page.getByRole('dialog')
  // Counted once the dialog is on screen (counted right after the click, it could be 0 only because it is not yet).
  await expect(dialog.getByRole('button', { name: 'Install' })).toBeVisible()
  const typed = dialog.getByRole('textbox')
  if (await typed.count()) await typed.fill(locationName)
  await dialog.getByRole('button', { name: 'Install' }).click()
  await expect(page.getByRole('status', { name: 'Install result' })).toContainText('204')
  await page.getByRole('button', { name: 'Export tickets…' }).click()
  await page.getByLabel('From (YYYY-MM-DD)').fill('2025-04-01')
  await page.getByLabel('To (YYYY-MM-DD)').fill('2025-04-02')
  await page.getByLabel('To (YYYY-MM-DD)').press('Control+Enter')
  await expect(page.getByRole('status', { name: 'Export status' })).toContainText('200 OK')
  await open(page, /^Tokens/)
  await page
    .getByRole('button', { name: /^Refresh/ })
    .first()
    .click()
  await expect(page.getByTestId('access-fingerprint')).toHaveText(/^#[0-9a-f]{8}$/)

  // Exports a user takes away: HAR and cURL (both sanitized by default).
  await exportsFromTheLog(page, emitted)

  expect(issued.size).toBeGreaterThanOrEqual(4) // code, access, refresh, refreshed access (+ rotated refresh)
  const needles = [CANARY, ...issued]
  const haystacks: Array<[string, string]> = [
    ['terminal output of partner-console web', host.output()],
    ...emitted.map((text, i): [string, string] => [`frame to the page, console message or export #${i}`, text]),
    ...filesUnder(host.dataDir).map((f): [string, string] => [`file ${f}`, readFileSync(f).toString('latin1')]),
  ]
  const leaks = haystacks.flatMap(([where, text]) =>
    needles.filter(n => text.includes(n)).map(n => `${where} contains ${n === CANARY ? 'the client secret' : 'an issued token/code'}`),
  )
  expect(leaks).toEqual([])
  // The page sends the secret exactly once, when the user saves it (environments:create); it never asks for it back.
  const carrying = sent.filter(f => f.includes(CANARY)).map(f => (JSON.parse(f) as { channel: string }).channel)
  expect(carrying).toEqual(['environments:create'])
  expect(sent.filter(f => [...issued].some(t => f.includes(t)))).toEqual([])
  // And the files did get written: the vault holds the secret, encrypted.
  expect(filesUnder(host.dataDir).some(f => f.endsWith('vault.json'))).toBe(true)
})

/**
 * What a user takes away from the network log: the detail of the last bearer call with its cURL copy (redacted by
 * default; the clipboard and the text shown), and the HAR download. All of it is added to what the test searches.
 */
async function exportsFromTheLog(page: Page, emitted: string[]): Promise<void> {
  const rows = page.getByRole('table', { name: 'Network log' }).getByTestId('log-row')
  const call = rows.filter({ hasText: '/marketplace/v2/platform-token/locations' }).first()
  await expect(call).toBeVisible()
  await call.getByRole('button').click()
  const detail = page.getByRole('region', { name: 'Entry detail' })
  await detail.getByRole('button', { name: 'Copy as cURL' }).click()
  await expect(detail.getByRole('status', { name: 'cURL command' })).toContainText('Copied to the clipboard (redacted)')
  emitted.push(await page.evaluate<string>('navigator.clipboard.readText()'))
  emitted.push((await detail.getByTestId('curl-command').textContent()) ?? '')
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Save HAR' }).click()
  const download = await downloading
  const harPath = test.info().outputPath('canary.har')
  await download.saveAs(harPath)
  const har = readFileSync(harPath, 'utf8')
  expect(har).toContain('oauth2/token') // the token exchanges are in it, redacted
  emitted.push(har)
}
