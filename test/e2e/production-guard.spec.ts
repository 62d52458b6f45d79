import { expect, type Page, test } from '@playwright/test'
import { DEMO_LOGINS } from '../../src/sandbox'
import { SEED_LOCATIONS } from '../../src/sandbox/data/seed-data'
import { type StartedConsole, startConsole } from '../support/console-host'
import { authorizeAsUser, openSection } from './support/authorize'
import { createEnvironment } from './support/environments'

// The production guard as a user meets it: an environment marked production shows a red band with its name on every
// screen; the install asks for the environment's name typed (on top of the location's), offers to run the same
// install against the sandbox first, and goes through once both are typed.

let host: StartedConsole
const merchant = DEMO_LOGINS[0]!
const SOHO = SEED_LOCATIONS.find(s => s.location.name === 'Globe Bistro SoHo')!.location
const demo = { clientId: 'sandbox-demo-client', clientSecret: 'sandbox-demo-secret', redirectUri: 'http://127.0.0.1:8765/callback' }

test.beforeAll(async () => {
  host = await startConsole()
})
test.afterAll(async () => {
  await host?.stop()
})

async function sections(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Sections' }).getByRole('button').allInnerTexts()
}

test('a production environment: band on every screen, typed name for the install, sandbox first', async ({ page }) => {
  const sandboxUrl = host.sandboxUrl ?? host.output().match(/Built-in sandbox: (http:\/\/127\.0\.0\.1:\d+)/)?.[1] ?? ''
  await page.goto(await host.freshUrl())
  // The sandbox itself is never production, and has tokens for the "sandbox first" run.
  await authorizeAsUser(page)
  await expect(page.getByTestId('production-band')).toHaveCount(0)

  await createEnvironment(page, {
    name: 'Acme production',
    clientId: demo.clientId,
    authUrl: sandboxUrl,
    redirectUri: demo.redirectUri,
    secret: demo.clientSecret,
    catchMode: 'paste',
    production: true,
  })
  await page.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'Acme production' })

  const band = page.getByTestId('production-band')
  await expect(band).toContainText('Production · Acme production')
  for (const label of await sections(page)) {
    await openSection(page, new RegExp(`^${label.split('\n')[0]}`))
    await expect(band, label).toBeVisible()
  }

  await openSection(page, /^Consent flow/)
  await page.getByRole('radio', { name: /^Paste/ }).check()
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Open authorize page' }).click()
  const popup = await popupOpened
  await popup.getByLabel('Username').fill(merchant.username)
  await popup.getByLabel('Password').fill(merchant.password)
  await popup.getByRole('button', { name: 'Sign in' }).click()
  const redirect = popup.waitForRequest(r => r.url().startsWith(`${demo.redirectUri}?`))
  await popup.getByRole('button', { name: 'Allow' }).click()
  await page.getByLabel('Redirect URL or code').fill((await redirect).url())
  await page.getByRole('button', { name: 'Submit redirect' }).click()
  await expect(page.getByRole('status', { name: 'Outcome' })).toContainText('Access granted')

  await openSection(page, /^Locations/)
  const row = page.getByRole('table', { name: 'Locations' }).getByRole('row').filter({ hasText: SOHO.name })
  await row.getByRole('button', { name: `Install at ${SOHO.name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Install at ${SOHO.name}?` })
  await expect(dialog.getByRole('note', { name: 'Production' })).toContainText('Production: Acme production.')
  const install = dialog.getByRole('button', { name: 'Install' })
  await dialog.getByLabel('Type the location name to confirm').fill(SOHO.name)
  await expect(install).toBeDisabled()
  await dialog.getByLabel('Type the environment name to confirm (production)').fill('acme production')
  await expect(install).toBeDisabled()
  await expect(dialog).toContainText('Does not match “Acme production” yet.')

  await dialog.getByRole('button', { name: 'Try it on the sandbox first' }).click()
  await expect(dialog.getByRole('status', { name: 'Sandbox result' })).toContainText('answered 204 No Content')

  await dialog.getByLabel('Type the environment name to confirm (production)').fill('Acme production')
  await install.click()
  await expect(page.getByRole('status', { name: 'Install result' })).toContainText('Installed — 204')

  // The composer too: a DELETE to production asks for the name; the sandbox can be tried first.
  await openSection(page, /^Requests/)
  const composer = page.getByRole('region', { name: 'Composer' })
  await composer.getByLabel('Method').selectOption('DELETE')
  await composer.getByLabel('Path').fill('/marketplace/v2/platform-token/installations')
  await composer.getByLabel('Path').press('Control+Enter')
  const confirm = composer.getByRole('alertdialog', { name: 'Confirm a change in production' })
  await expect(confirm).toContainText('Production: Acme production. DELETE changes real merchants’ data.')
  await confirm.getByRole('button', { name: 'Try it on the sandbox first' }).click()
  await expect(confirm.getByRole('status', { name: 'Sandbox result' })).toContainText('The sandbox answered 405')
  await expect(confirm.getByRole('button', { name: 'Send to Acme production' })).toBeDisabled()
  await confirm.getByLabel('Type the environment name to confirm (production)').fill('Acme production')
  await confirm.getByRole('button', { name: 'Send to Acme production' }).click()
  await expect(confirm).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Response' })).toContainText('405')
})
