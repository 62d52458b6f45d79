import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, type Page, test } from '@playwright/test'
import { type StartedConsole, startConsole } from '../support/console-host'
import { openSection } from './support/authorize'
import { createEnvironment } from './support/environments'
import { shootBothThemes } from './support/look'

// No traffic the user did not ask for (issue 22, item 6), in the browser: the signature inspector's clock-skew meter
// reads the server's clock only when "Read the server's clock" is pressed. The built-in sandbox tells its exact clock;
// a user's server marked production (here a loopback server that counts every request it gets) receives nothing on
// creation or on any switch of environment, nothing when the button is pressed, nothing while the typed name does not
// match, and exactly one GET of the path the user chose once it does.

let host: StartedConsole
let server: Server
let serverUrl: string
const hits: string[] = []

test.beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`)
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.end('ok')
  })
  await new Promise<void>(r => server.listen(0, '127.0.0.1', () => r()))
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  host = await startConsole()
})
test.afterAll(async () => {
  await host?.stop()
  server?.closeAllConnections()
  await new Promise<void>(r => (server ? server.close(() => r()) : r()))
})

const probe = (page: Page) => page.getByRole('region', { name: 'Read the server’s clock' })

async function switchTo(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Environment' }).selectOption({ label: name })
  await expect(page.getByTestId('status-skew')).toBeVisible()
}

test('on the built-in sandbox, the button reads its exact clock', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await openSection(page, /^Signature inspector/)
  await expect(probe(page)).toContainText('The built-in sandbox tells its exact clock')
  await expect(probe(page).getByLabel('Path to read the clock from')).toHaveCount(0)
  await probe(page).getByRole('button', { name: 'Read the server’s clock' }).click()
  const reading = probe(page).getByRole('status', { name: 'Clock reading' })
  await expect(reading).toContainText(/^(OK|At risk|Refusals likely): The server's clock is /)
  await expect(reading).toContainText('sandbox clock')
  await expect(page.getByTestId('skew-level')).not.toHaveText('Unknown')
})

test('a production server: nothing on switching, nothing until its name is typed, then one GET of the chosen path', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await createEnvironment(page, {
    name: 'Acme production',
    clientId: 'acme-client',
    authUrl: serverUrl,
    redirectUri: 'http://127.0.0.1:8765/callback',
    secret: 'acme-secret',
    catchMode: 'paste',
    production: true,
  })
  // Switching to it, away and back, and opening every screen of the clock sends nothing to it.
  await page
    .getByRole('table', { name: 'Environments' })
    .getByRole('row', { name: /Acme production/ })
    .getByRole('button', { name: 'Use' })
    .click()
  await expect(page.getByTestId('production-band')).toContainText('Acme production')
  await switchTo(page, 'Sandbox (built-in)')
  await switchTo(page, 'Acme production')
  await openSection(page, /^Signature inspector/)
  const path = probe(page).getByLabel('Path to read the clock from')
  await expect(path).toHaveValue('/')
  await path.fill('/health')
  await probe(page).getByRole('button', { name: 'Read the server’s clock' }).click()

  const confirm = probe(page).getByRole('alertdialog', { name: 'Confirm reading a production clock' })
  await expect(confirm).toContainText('Production: Acme production. Reading its clock sends one unauthenticated GET /health')
  const go = confirm.getByRole('button', { name: 'Read the clock of Acme production' })
  await expect(go).toBeDisabled()
  await confirm.getByLabel('Type the environment name to confirm (production)').fill('acme production')
  await expect(go).toBeDisabled()
  await expect(confirm).toContainText('Does not match “Acme production” yet.')
  await shootBothThemes(page, 'clock-probe-confirm')
  expect(hits, 'nothing reaches the production server before its name is typed').toEqual([])

  await confirm.getByLabel('Type the environment name to confirm (production)').fill('Acme production')
  await go.click()
  const reading = probe(page).getByRole('status', { name: 'Clock reading' })
  await expect(reading).toContainText(`Date header of ${serverUrl}/health`)
  expect(hits).toEqual(['GET /health'])
  await shootBothThemes(page, 'clock-probe-read')

  // Next time the same path is offered; a path that is not one is refused in words, and nothing is sent.
  await switchTo(page, 'Sandbox (built-in)')
  await switchTo(page, 'Acme production')
  await expect(probe(page).getByLabel('Path to read the clock from')).toHaveValue('/health')
  await probe(page).getByLabel('Path to read the clock from').fill('health')
  await probe(page).getByRole('button', { name: 'Read the server’s clock' }).click()
  await probe(page).getByLabel('Type the environment name to confirm (production)').fill('Acme production')
  await probe(page).getByRole('button', { name: 'Read the clock of Acme production' }).click()
  const error = probe(page).getByRole('alert')
  await expect(error).toContainText('The server’s clock was not read.')
  await expect(error).toContainText('"health" is not a path on the base URL: it must start with one "/"')
  expect(hits).toEqual(['GET /health'])
})
