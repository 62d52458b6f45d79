import { expect, type Page, test } from '@playwright/test'
import { type StartedConsole, startConsole } from '../support/console-host'

// Environments as a user manages them in the web console: field errors from the engine's validation, a new
// environment appearing in the switcher, switching, and an export that carries no secret unless asked.

let host: StartedConsole
const SECRET = `canary-secret-${Math.random().toString(36).slice(2)}`

test.beforeAll(async () => {
  host = await startConsole()
})

test.afterAll(async () => {
  await host?.stop()
})

async function open(page: Page, section: RegExp): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: section }).click()
}

const switcher = (page: Page) => page.getByRole('combobox', { name: 'Environment', exact: true })

test('a bad URL is shown under its field; a valid environment appears in the switcher; export leaves the secret out', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await open(page, /^Environments/)
  await expect(page.getByTestId('storage-backend')).toHaveText('aes-256-gcm-keyfile')
  await page.getByRole('button', { name: 'New environment' }).click()
  const form = page.getByRole('form', { name: 'New environment' })

  await form.getByLabel('Name', { exact: true }).fill('Staging EU')
  await form.getByLabel('Client ID (client_id)').fill('partner-staging')
  await form.getByLabel('Auth URL (auth_url)').fill('not a url')
  await form.getByLabel('Base URL (base_url)').fill('http://api.staging.example.com')
  await form.getByLabel('Client secret (client_secret)').fill(SECRET)

  const auth = form.getByLabel('Auth URL (auth_url)')
  await expect(auth).toHaveAttribute('aria-invalid', 'true')
  await expect(auth).toHaveAccessibleDescription(/is not an absolute URL/)
  const base = form.getByLabel('Base URL (base_url)')
  await expect(base).toHaveAccessibleDescription(/must use https:\/\//)

  // Saving is refused while the engine reports problems: nothing is created.
  await form.getByRole('button', { name: 'Create environment' }).click()
  await expect(form.getByRole('button', { name: 'Create environment' })).toBeDisabled()
  await expect(switcher(page).getByRole('option', { name: 'Staging EU' })).toHaveCount(0)

  await auth.fill('https://auth.staging.example.com')
  await base.fill('https://api.staging.example.com')
  await expect(auth).not.toHaveAttribute('aria-invalid', 'true')
  await expect(base).not.toHaveAttribute('aria-invalid', 'true')
  await form.getByLabel('Redirect URI (redirect_uri)').fill('http://127.0.0.1:8765/callback')
  await expect(form.getByTestId('redirect-as-sent')).toHaveText('redirect_uri=http%3A%2F%2F127.0.0.1%3A8765%2Fcallback')
  await form.getByRole('button', { name: 'Create environment' }).click()

  await expect(page.getByRole('region', { name: 'Environment Staging EU' })).toBeVisible()
  await expect(switcher(page).getByRole('option', { name: 'Staging EU' })).toHaveCount(1)
  await expect(page.getByRole('table', { name: 'Environments' }).getByRole('row', { name: /Staging EU/ })).toContainText('…')

  // Switching makes everything follow the new environment: the status bar, the token state, the sandbox panel.
  await switcher(page).selectOption({ label: 'Staging EU' })
  await expect(page.getByTestId('status-environment')).toHaveText('Staging EU')
  await expect(page.getByTestId('status-token')).toHaveText('Token: none')
  await open(page, /^Sandbox controls/)
  await expect(page.getByText('is a real server')).toBeVisible()
  await page.getByRole('button', { name: 'Switch to Sandbox (built-in)' }).click()
  await expect(page.getByTestId('status-environment')).toHaveText('Sandbox (built-in)')
  await expect(page.getByRole('region', { name: 'Clock' })).toBeVisible()

  await open(page, /^Environments/)
  await page.getByRole('button', { name: 'Save to file…' }).click()
  const box = page.getByRole('region', { name: 'Save environments to a file' })
  await expect(box.getByLabel('Include client secrets')).not.toBeChecked()
  await box.getByRole('button', { name: 'Save', exact: true }).click()
  const file = box.getByLabel('Environments file')
  await expect(file).toHaveValue(/"Staging EU"/)
  const withoutSecrets = await file.inputValue()
  expect(withoutSecrets).not.toContain(SECRET)
  expect(withoutSecrets).not.toContain('clientSecret')
  expect(JSON.parse(withoutSecrets)).toMatchObject({
    format: 'partner-console-environments',
    environments: [{ name: 'Staging EU', clientId: 'partner-staging' }],
  })
  await expect(box.getByRole('link', { name: /^Download / })).toBeVisible()

  // Asked explicitly, the export does carry it (so the check above can fail).
  await box.getByLabel('Include client secrets').check()
  await expect(box).toContainText('client secrets in plain text')
  await box.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(file).toHaveValue(new RegExp(SECRET))
  await box.getByRole('button', { name: 'Close' }).click()

  // The file without secrets imports back: a broken entry is reported per field, the valid one is added under a free name.
  const doc = JSON.parse(withoutSecrets) as { environments: Array<Record<string, unknown>> }
  doc.environments.push({ ...doc.environments[0], name: 'Broken', authUrl: 'nope' })
  await page.getByRole('button', { name: 'Open file…' }).click()
  const importer = page.getByRole('region', { name: 'Open an environments file' })
  await importer.getByLabel('Environments file (partner-console-environments)').fill(JSON.stringify(doc))
  await importer.getByRole('button', { name: 'Check' }).click()
  await expect(importer.getByRole('status')).toContainText('Checked: 1 of 2 would be imported (as “Staging EU (imported)”), 1 has problems')
  await expect(importer.getByText(/authUrl: .*"nope" is not an absolute URL/)).toBeVisible()
  await expect(switcher(page).getByRole('option')).toHaveCount(2)
  await importer.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(importer.getByRole('status')).toContainText('Imported 1: Staging EU (imported)')
  await expect(switcher(page).getByRole('option', { name: 'Staging EU (imported)' })).toHaveCount(1)
  await expect(switcher(page).getByRole('option', { name: 'Broken' })).toHaveCount(0)
})
