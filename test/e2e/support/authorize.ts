import { expect, type Page } from '@playwright/test'
import { DEMO_LOGINS } from '../../../src/sandbox'

/** The first demo merchant of the sandbox (docs/sandbox.md): `demo@globebistro.example` / `sandbox-demo`. */
export const DEMO_MERCHANT = DEMO_LOGINS[0]!

/**
 * Gets tokens for the active environment (the built-in sandbox) exactly as a user does: Consent flow panel, system
 * browser + loopback, "Open authorize page", sign in as a demo merchant in the popup, click Allow, and wait for the
 * stepper to reach "Token". The page must already show the console.
 */
export async function authorizeAsUser(page: Page, merchant = DEMO_MERCHANT): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /^Consent flow/ })
    .click()
  await page.getByRole('radio', { name: /System browser \+ loopback/ }).check()
  await page.getByRole('button', { name: 'Build authorize URL' }).click()
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: /^(Open authorize page|Start again)$/ }).click()
  const popup = await popupOpened
  await popup.getByLabel('Username').fill(merchant.username)
  await popup.getByLabel('Password').fill(merchant.password)
  await popup.getByRole('button', { name: 'Sign in' }).click()
  await popup.getByRole('button', { name: 'Allow' }).click()
  await expect(page.getByRole('list', { name: 'Consent steps' }).getByRole('listitem').filter({ hasText: 'Token' })).toHaveAttribute(
    'data-status',
    'done',
  )
}

/** Opens a section of the sidebar by its label. */
export async function openSection(page: Page, label: RegExp): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: label }).click()
}
