import { expect, type Locator, type Page } from '@playwright/test'
import { openSection } from './authorize'

export interface NewEnvironment {
  name: string
  clientId: string
  /** auth_url; also the base_url unless `baseUrl` is given. */
  authUrl: string
  baseUrl?: string
  redirectUri: string
  secret: string
  catchMode?: 'loopback' | 'paste'
  production?: boolean
}

/**
 * Creates an environment through the Environments section's form, as a user types it, and returns the form. Waits until
 * the save is decided: the form closes (created), or it stays with a field error or an error box, whose words the
 * failure then names (for tests that expect the refusal, `expectRefusal`). Selecting it as active is left to the test.
 */
export async function createEnvironment(page: Page, env: NewEnvironment, options: { expectRefusal?: boolean } = {}): Promise<Locator> {
  await openSection(page, /^Environments/)
  await page.getByRole('button', { name: 'New environment' }).click()
  const form = page.getByRole('form', { name: 'New environment' })
  await form.getByLabel('Name', { exact: true }).fill(env.name)
  await form.getByLabel('Client ID (client_id)').fill(env.clientId)
  await form.getByLabel('Auth URL (auth_url)').fill(env.authUrl)
  await form.getByLabel('Base URL (base_url)').fill(env.baseUrl ?? env.authUrl)
  await form.getByLabel('Redirect URI (redirect_uri)').fill(env.redirectUri)
  if (env.catchMode) await form.getByLabel('Catch mode').selectOption(env.catchMode)
  await form.getByLabel('Client secret (client_secret)').fill(env.secret)
  if (env.production) await form.getByRole('checkbox', { name: /Production — a red band/ }).check()
  await form.getByRole('button', { name: 'Create environment' }).click()
  if (options.expectRefusal) return form
  const refusal = form.getByRole('alert').or(form.locator('[aria-invalid="true"]'))
  await expect(form.or(refusal).first())
    .toBeHidden({ timeout: 30_000 })
    .catch(async (error: unknown) => {
      const words = (await refusal.allInnerTexts().catch(() => [])).join(' / ')
      throw new Error(`Creating the environment “${env.name}” did not finish${words ? `: the form says ${words}` : ''}`, { cause: error })
    })
  return form
}
