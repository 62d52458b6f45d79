import { expect, test } from '@playwright/test'
import { DEMO_LOGINS } from '../../src/sandbox'
import { type StartedConsole, startConsole } from '../support/console-host'
import { authorizeAsUser, openSection } from './support/authorize'
import { createEnvironment } from './support/environments'
import { shootBothThemes } from './support/look'

// Production and sandbox, right (issue 22, item 10): the install dialog's "Does not match" for the location name
// compares only that name; "Try it on the sandbox first" installs at the sandbox's equivalent location (the sandbox
// has its own merchant) and says so, instead of reporting that "the same install failed".

let host: StartedConsole
const [GLOBE, LUMIERE] = [DEMO_LOGINS[0]!, DEMO_LOGINS[1]!]
const demo = { clientId: 'sandbox-demo-client', clientSecret: 'sandbox-demo-secret', redirectUri: 'http://127.0.0.1:8765/callback' }

test.beforeAll(async () => {
  host = await startConsole()
})
test.afterAll(async () => {
  await host?.stop()
})

test('the location name alone clears its field; sandbox first maps to the sandbox merchant’s equivalent location', async ({ page }) => {
  const sandboxUrl = host.sandboxUrl ?? host.output().match(/Built-in sandbox: (http:\/\/127\.0\.0\.1:\d+)/)?.[1] ?? ''
  await page.goto(await host.freshUrl())
  await authorizeAsUser(page, GLOBE)
  await createEnvironment(page, {
    name: 'Lumiere production',
    clientId: demo.clientId,
    authUrl: sandboxUrl,
    redirectUri: demo.redirectUri,
    secret: demo.clientSecret,
    catchMode: 'paste',
    production: true,
  })
  await page.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'Lumiere production' })
  await openSection(page, /^Consent flow/)
  await page.getByRole('radio', { name: /^Paste/ }).check()
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Open authorize page' }).click()
  const popup = await popupOpened
  await popup.getByLabel('Username').fill(LUMIERE.username)
  await popup.getByLabel('Password').fill(LUMIERE.password)
  await popup.getByRole('button', { name: 'Sign in' }).click()
  const redirect = popup.waitForRequest(r => r.url().startsWith(`${demo.redirectUri}?`))
  await popup.getByRole('button', { name: 'Allow' }).click()
  await page.getByLabel('Redirect URL or code').fill((await redirect).url())
  await page.getByRole('button', { name: 'Submit redirect' }).click()
  await expect(page.getByRole('status', { name: 'Outcome' })).toContainText('Access granted')

  await openSection(page, /^Locations/)
  const name = 'Café Lumière Marais'
  await page
    .getByRole('table', { name: 'Locations' })
    .getByRole('button', { name: `Install at ${name}` })
    .click()
  const dialog = page.getByRole('dialog', { name: `Install at ${name}?` })
  await dialog.getByLabel('Type the location name to confirm').fill(name)
  await expect(dialog).not.toContainText(`Does not match “${name}”`)
  await dialog.getByLabel('Type the location name to confirm').fill(`${name}x`)
  await expect(dialog).toContainText(`Does not match “${name}” yet.`)
  await dialog.getByLabel('Type the location name to confirm').fill(name)
  await expect(dialog.getByRole('button', { name: 'Install' })).toBeDisabled()

  await dialog.getByRole('button', { name: 'Try it on the sandbox first' }).click()
  const result = dialog.getByRole('status', { name: 'Sandbox result' })
  await expect(result).toContainText(`its own merchant (${GLOBE.merchantId})`)
  await expect(result).toContainText(`instead of ${name}`)
  await expect(result).toContainText('answered 204 No Content')
  await expect(dialog).not.toContainText('the same install failed')
  await shootBothThemes(page, 'item10-sandbox-first')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
})
