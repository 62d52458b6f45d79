import { randomBytes } from 'node:crypto'
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, type Page, test } from '@playwright/test'
import { findFreePort } from '../../src/main/runtime/free-port'
import { DEMO_LOGINS, type RunningSandbox, startSandbox } from '../../src/sandbox'
import { type StartedConsole, startConsole } from '../support/console-host'
import { openSection as open } from './support/authorize'
import { createEnvironment } from './support/environments'

// Presenter mode on a projector: the console started with `web --presenter`, a canary client secret, and a recording
// proxy in front of the sandbox that learns every value an audience must not see — the secret, the `state` the console
// sends, the code, every token, every signature. The whole flow runs through the UI; every step (the step-through's
// nine steps and each action) is screenshotted, and the visible text of the console and of the sign-in popup is
// searched for all of them.

const CANARY = `canary-${randomBytes(12).toString('hex')}`
const CLIENT_ID = 'presenter-client'
const merchant = DEMO_LOGINS[0]!

let sandbox: RunningSandbox
let proxy: Server
let proxyUrl: string
let host: StartedConsole
let redirectUri: string
const learned = new Map<string, string>()

function learn(kind: string, value: string | null | undefined): void {
  if (value && value.length >= 6) learned.set(value, kind)
}

test.beforeAll(async () => {
  redirectUri = `http://127.0.0.1:${await findFreePort()}/callback`
  sandbox = await startSandbox({ quiet: true, clients: [{ clientId: CLIENT_ID, clientSecret: CANARY, redirectUris: [redirectUri] }] })
  const target = new URL(sandbox.url)
  proxy = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams
    learn('state', query.get('state'))
    learn('signature', req.headers['x-signature'] as string | undefined)
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      up => {
        const chunks: Buffer[] = []
        up.on('data', (c: Buffer) => chunks.push(c))
        up.on('end', () => {
          const body = Buffer.concat(chunks)
          for (const m of body.toString('utf8').matchAll(/"(access_token|refresh_token)"\s*:\s*"([^"]+)"/g)) learn(m[1] as string, m[2])
          if (up.headers.location) learn('code', new URL(up.headers.location, 'http://x').searchParams.get('code'))
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
  host = await startConsole(['--presenter'])
})

test.afterAll(async () => {
  await host?.stop()
  proxy?.closeAllConnections()
  proxy?.close()
  await sandbox?.close()
})

test('presenter mode: the whole flow, every step screenshotted, no secret, token, code, state or signature on screen', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const seen: Array<[string, string]> = []
  let shot = 0
  const capture = async (where: string, p: Page = page) => {
    shot += 1
    await p.screenshot({ path: test.info().outputPath(`presenter-${String(shot).padStart(2, '0')}-${where}.png`) })
    seen.push([where, await p.evaluate<string>('document.body.innerText')])
  }

  await page.goto(await host.freshUrl())
  // Started with --presenter: larger type and the step-through, with the spec's words.
  await expect(page.getByRole('button', { name: 'Presenter on' })).toHaveAttribute('aria-pressed', 'true')
  expect(await page.evaluate<string>('getComputedStyle(document.body).zoom')).toBe('1.3')
  const steps = page.getByRole('region', { name: 'Presenter steps' })
  await expect(steps).toContainText('Step 1 of 9')

  // The environment of the canary client, through the recording proxy.
  await createEnvironment(page, { name: 'Demo partner', clientId: CLIENT_ID, authUrl: proxyUrl, redirectUri: redirectUri, secret: CANARY })
  await page.getByRole('combobox', { name: 'Environment', exact: true }).selectOption({ label: 'Demo partner' })
  await capture('environment')

  // The step-through: next with the keyboard, each step on its panel with the spec's words.
  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('ArrowRight')
  await expect(steps).toContainText('Step 2 of 9')
  await expect(steps).toContainText('The merchant sees a login screen, then a permissions form')
  await expect(page.getByRole('heading', { name: 'Consent flow' })).toBeVisible()
  await page.keyboard.press('ArrowLeft')
  await expect(steps).toContainText('Step 1 of 9')
  await page.keyboard.press('ArrowRight')
  await capture('step-authorize')

  // Authorize: the authorize URL on screen is masked; the popup still goes to the real one.
  await page.getByRole('radio', { name: /System browser \+ loopback/ }).check()
  await page.getByRole('button', { name: 'Build authorize URL' }).click()
  await capture('authorize-url')
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: /^(Open authorize page|Start again)$/ }).click()
  const popup = await popupOpened
  await popup.getByLabel('Username').fill(merchant.username)
  await popup.getByLabel('Password').fill(merchant.password)
  await capture('sign-in', popup)
  await popup.getByRole('button', { name: 'Sign in' }).click()
  // A screenshot taken while the popup is between two pages fails in Chromium ("Unable to capture screenshot").
  await expect(popup.getByRole('button', { name: 'Allow' })).toBeVisible()
  await capture('consent', popup)
  await popup.getByRole('button', { name: 'Allow' }).click()
  await expect(page.getByRole('status', { name: 'Outcome' })).toContainText('Access granted')
  await popup.waitForURL(/\/callback\?/)
  await popup.waitForLoadState('load')
  await capture('redirect', popup)
  await capture('access-granted')

  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(steps).toContainText('Step 4 of 9')
  await expect(page.getByTestId('access-fingerprint')).toHaveText(/^#[0-9a-f]{8}$/)
  // Reveal is refused by the engine, not only hidden: the button's answer says why.
  await page.getByRole('button', { name: 'Reveal the access token' }).click()
  await expect(page.getByText('Presenter mode is on: secrets cannot be revealed or exported now.')).toBeVisible()
  await capture('step-tokens')

  await page.keyboard.press('ArrowRight')
  await expect(steps).toContainText('Retrieve eligible locations')
  const table = page.getByRole('table', { name: 'Locations' })
  await expect(table.getByRole('row').nth(1)).toBeVisible()
  await capture('step-locations')
  await page.keyboard.press('ArrowRight')
  const installButton = table
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: /^Install at / })
  const locationName = ((await installButton.getAttribute('aria-label')) ?? '').replace(/^Install at /, '')
  await installButton.click()
  await page.getByRole('dialog').getByRole('textbox').fill(locationName)
  await capture('install-dialog')
  await page.getByRole('dialog').getByRole('button', { name: 'Install' }).click()
  await expect(page.getByRole('status', { name: 'Install result' })).toContainText('204')
  await capture('step-install')

  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('ArrowRight')
  await expect(steps).toContainText('Export tickets, signed')
  await page.getByLabel('From (YYYY-MM-DD)').fill('2025-04-01')
  await page.getByLabel('To (YYYY-MM-DD)').fill('2025-04-02')
  await page.getByLabel('To (YYYY-MM-DD)').press('Control+Enter')
  await expect(page.getByRole('status', { name: 'Export status' })).toContainText('200 OK')
  await capture('step-export')

  // The signature inspector signs on request: its signature is masked too.
  await open(page, /^Signature inspector/)
  await expect(page.getByTestId('header-x-signature')).toHaveText('••••••')
  await capture('inspector')

  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('ArrowRight')
  await expect(steps).toContainText('Rate limits')
  await capture('step-quotas')
  await page.keyboard.press('ArrowRight')
  await expect(steps).toContainText('Step 9 of 9')
  await page
    .getByRole('button', { name: /^Refresh/ })
    .first()
    .click()
  await expect(page.getByTestId('access-fingerprint')).toHaveText(/^#[0-9a-f]{8}$/)
  await capture('step-refresh')

  // The network log: an entry's detail, its cURL copy. Presenter mode and an answer brought into view fold the drawer:
  // open it as a presenter would.
  const drawerToggle = page.getByRole('region', { name: 'Drawer' }).getByRole('button', { name: /^(Show ▴|Hide ▾)$/ })
  if ((await drawerToggle.textContent()) === 'Show ▴') await drawerToggle.click()
  const rows = page.getByRole('table', { name: 'Network log' }).getByTestId('log-row')
  for (const path of ['/oauth2/token', '/api/v1/export']) {
    await rows.filter({ hasText: path }).first().getByRole('button').click()
    await capture(`log-${path.replaceAll('/', '-')}`)
  }
  const detail = page.getByRole('region', { name: 'Entry detail' })
  await detail.getByRole('button', { name: 'Copy as cURL' }).click()
  await expect(detail.getByRole('status', { name: 'cURL command' })).toBeVisible()
  await capture('curl')
  await expect(page.getByRole('button', { name: 'With secrets…' })).toBeDisabled()
  seen.push(['clipboard', await page.evaluate<string>('navigator.clipboard.readText()')])

  const kinds = new Set(learned.values())
  for (const k of ['state', 'code', 'access_token', 'refresh_token', 'signature']) expect(kinds, `the proxy learned a ${k}`).toContain(k)
  const needles: Array<[string, string]> = [[CANARY, 'client secret'], ...[...learned.entries()]]
  const leaks = seen.flatMap(([where, text]) => needles.filter(([v]) => text.includes(v)).map(([, kind]) => `${where} shows the ${kind}`))
  expect(leaks).toEqual([])
  expect(shot).toBeGreaterThanOrEqual(15)
})
