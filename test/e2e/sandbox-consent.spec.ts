import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { type RunningSandbox, startSandbox } from '../../src/sandbox'

/**
 * Clicks through the sandbox's real login and consent pages in Chromium. A tiny node:http server
 * plays the client's redirect_uri and records what the browser brought back.
 */
let sandbox: RunningSandbox
let catcher: Server
let redirectUri: string
const received: URLSearchParams[] = []

test.beforeAll(async () => {
  catcher = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (url.pathname === '/callback') received.push(url.searchParams)
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end('<!doctype html><title>Callback received</title><h1>Callback received</h1>')
  })
  await new Promise<void>(resolve => catcher.listen(0, '127.0.0.1', resolve))
  redirectUri = `http://127.0.0.1:${(catcher.address() as AddressInfo).port}/callback`
  sandbox = await startSandbox({
    quiet: true,
    clients: [{ clientId: 'e2e-client', clientSecret: 'e2e-secret', redirectUris: [redirectUri], name: 'E2E Test App' }],
  })
})

test.afterAll(async () => {
  await sandbox?.close()
  await new Promise<void>(resolve => catcher?.close(() => resolve()))
})

function authorizeUrl(state: string): string {
  const q = new URLSearchParams({ client_id: 'e2e-client', redirect_uri: redirectUri, response_type: 'code', state })
  return `${sandbox.url}/oauth2/authorize/?${q}`
}

async function signIn(page: import('@playwright/test').Page, state: string): Promise<void> {
  await page.goto(authorizeUrl(state))
  await expect(page.getByRole('heading', { name: /Sign in to continue to E2E Test App/ })).toBeVisible()
  const login = sandbox.demoLogins[0]
  if (!login) throw new Error('the sandbox seeds no demo login')
  await page.getByLabel('Username').fill(login.username)
  await page.getByLabel('Password').fill(login.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: /E2E Test App wants access to Globe Bistro Group/ })).toBeVisible()
  await expect(page.locator('#permissions')).toContainText('read:locations')
  await expect(page.locator('#permissions')).toContainText('write:installations')
}

test('Allow sends the browser back with a code and the echoed state', async ({ page }) => {
  const before = received.length
  await signIn(page, 'state-allow-42')
  await page.getByRole('button', { name: 'Allow' }).click()
  await expect(page.getByRole('heading', { name: 'Callback received' })).toBeVisible()
  expect(received.length).toBe(before + 1)
  const params = received.at(-1) as URLSearchParams
  expect(params.get('code')).toMatch(/^sbx_ac_[\w-]+$/)
  expect(params.get('state')).toBe('state-allow-42')
  expect(params.get('error')).toBeNull()

  const token = await fetch(`${sandbox.url}/oauth2/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'authorization_code',
      code: params.get('code'),
      redirect_uri: redirectUri,
      client_id: 'e2e-client',
      client_secret: 'e2e-secret',
    }),
  })
  expect(token.status).toBe(200)
  expect(((await token.json()) as { token_type: string }).token_type).toBe('Bearer')
})

test('Deny sends the browser back with error=access_denied', async ({ page }) => {
  const before = received.length
  await signIn(page, 'state-deny-7')
  await page.getByRole('button', { name: 'Deny' }).click()
  await expect(page.getByRole('heading', { name: 'Callback received' })).toBeVisible()
  expect(received.length).toBe(before + 1)
  const params = received.at(-1) as URLSearchParams
  expect(params.get('error')).toBe('access_denied')
  expect(params.get('state')).toBe('state-deny-7')
  expect(params.get('code')).toBeNull()
})

test('a wrong password keeps the merchant on the login page with an error', async ({ page }) => {
  await page.goto(authorizeUrl('state-wrong'))
  await page.getByLabel('Username').fill('demo@globebistro.example')
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('Unknown username or wrong password.')
  await expect(page.getByLabel('Password')).toBeVisible()
})
