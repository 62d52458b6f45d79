import { expect, test } from '@playwright/test'
import { type StartedConsole, startConsole } from '../support/console-host'
import { openSection } from './support/authorize'
import { shootBothThemes } from './support/look'

// Secrets where the user needs them (issue 22, item 11): the built-in sandbox's client secret (HMAC snippets need
// PARTNER_CLIENT_SECRET) is revealed and copied on the Environments screen by an explicit click, never in presenter
// mode, and Duplicate keeps it.

let host: StartedConsole

test.beforeAll(async () => {
  host = await startConsole()
})
test.afterAll(async () => {
  await host?.stop()
})
test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

test('reveal and copy the sandbox’s secret; a duplicate keeps it; presenter mode offers neither', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await openSection(page, /^Environments/)
  await page.getByRole('table', { name: 'Environments' }).getByRole('button', { name: 'Sandbox (built-in)' }).click()
  const detail = page.getByRole('region', { name: 'Environment Sandbox (built-in)' })
  const value = detail.getByTestId('client-secret-value')
  await expect(value).toContainText('…')
  const masked = (await value.textContent()) ?? ''

  await detail.getByRole('button', { name: 'Reveal the client secret' }).click()
  await expect(value).toHaveText(/^sbx_secret_[A-Za-z0-9_-]{20,}$/)
  const secret = (await value.textContent()) ?? ''
  await shootBothThemes(page, 'item11-sandbox-secret-revealed')
  await detail.getByRole('button', { name: 'Hide the client secret' }).click()
  await expect(value).toHaveText(masked)

  await detail.getByRole('button', { name: 'Copy secret' }).click()
  await expect(detail.getByRole('button', { name: 'Copied' })).toBeVisible()
  expect(
    await page.evaluate(() =>
      (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText(),
    ),
  ).toBe(secret)

  // Duplicate keeps the secret: the copy reveals the same value.
  await detail.getByRole('button', { name: 'Duplicate' }).click()
  const copy = page.getByRole('region', { name: 'Environment Sandbox (built-in) (copy)' })
  await expect(copy.getByTestId('client-secret-value')).not.toHaveText('none stored')
  await copy.getByRole('button', { name: 'Reveal the client secret' }).click()
  await expect(copy.getByTestId('client-secret-value')).toHaveText(secret)

  // Presenter mode: the value goes at once, and neither reveal nor copy is offered.
  await page.getByRole('button', { name: /^Presenter (on|off)$/ }).click()
  await expect(page.getByRole('button', { name: 'Presenter on' })).toBeVisible()
  await expect(copy.getByTestId('client-secret-value')).not.toContainText(secret)
  await expect(copy.getByRole('button', { name: /Reveal the client secret|Copy secret/ })).toHaveCount(0)
  await expect(copy).toContainText('reveal and copy are off in presenter mode')
  await expect(page.locator('body')).not.toContainText(secret)
  await page.getByRole('button', { name: 'Presenter on' }).click()
})
