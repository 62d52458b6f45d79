import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { type StartedConsole, startConsole } from '../support/console-host'
import { authorizeAsUser, openSection } from './support/authorize'

// Support's loop in the browser: write a repro bundle from the network log with a note, open it read-only in the
// Repro bundle section (timeline, lifecycle, quotas as they were), replay it against the sandbox with fresh tokens,
// and open one replayed pair in the Requests panel's compare view.

let host: StartedConsole
test.beforeAll(async () => {
  host = await startConsole()
})
test.afterAll(async () => {
  await host?.stop()
})

test('write a bundle, open it read-only, replay it and compare a pair', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await authorizeAsUser(page)
  await openSection(page, /^Locations/)
  await expect(page.getByRole('table', { name: 'Locations' }).getByRole('row').nth(1)).toBeVisible()

  await page.getByRole('button', { name: 'Repro bundle…' }).click()
  const form = page.getByRole('form', { name: 'Write a repro bundle' })
  await form.getByLabel('Note for whoever opens it').fill('Merchant says the list is empty')
  const downloading = page.waitForEvent('download')
  await form.getByRole('button', { name: /^Write bundle/ }).click()
  const download = await downloading
  const path = test.info().outputPath('bundle.json')
  await download.saveAs(path)
  const text = readFileSync(path, 'utf8')
  expect(text).toContain('"format": "partner-console-repro-bundle"')
  expect(text).not.toMatch(/sbx_(secret|at|rt|ac|admin)_[A-Za-z0-9_-]/)

  await openSection(page, /^Repro bundle/)
  await page.getByLabel('Bundle file').setInputFiles(path)
  await expect(page.getByRole('region', { name: 'Bundle facts' })).toContainText('“Merchant says the list is empty”')
  await expect(page.getByRole('region', { name: 'Bundle facts' })).toContainText('Sandbox (built-in)')
  const timeline = page.getByRole('table', { name: 'Bundle timeline' })
  await expect(timeline).toContainText('/marketplace/v2/platform-token/locations')
  await expect(page.getByRole('region', { name: 'Token lifecycle as it was' })).toContainText('access-token-valid')
  await expect(page.getByRole('table', { name: 'Bundle quotas' })).toContainText('/marketplace/v2/platform-token/locations')

  await page.getByRole('button', { name: 'Replay', exact: true }).click()
  const summary = page.getByRole('status', { name: 'Replay summary' })
  await expect(summary).toContainText('0 different status')
  const results = page.getByRole('table', { name: 'Replay results' })
  const row = results.getByRole('row').filter({ hasText: '/marketplace/v2/platform-token/locations' }).first()
  await expect(row).toContainText('200')
  // The same data comes back: the bundle kept each location's address.state (only OAuth's state is masked).
  await expect(row).toContainText('same')
  await row.getByRole('button', { name: 'Compare' }).click()
  const requests = page.getByRole('main', { name: 'Requests' })
  await expect(requests.getByRole('heading', { name: 'Response headers' })).toBeVisible()
  await expect(requests.getByLabel('Exchange A')).not.toHaveValue('')
  await expect(requests.getByLabel('Exchange B')).not.toHaveValue('')
})
