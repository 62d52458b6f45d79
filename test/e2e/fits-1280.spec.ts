import { expect, type Page, test } from '@playwright/test'
import { findFreePort } from '../../src/main/runtime/free-port'
import { DEMO_LOGINS } from '../../src/sandbox'
import { type StartedConsole, startConsole } from '../support/console-host'
import { authorizeAsUser, openSection } from './support/authorize'
import { createEnvironment } from './support/environments'
import { cutStepperText, layoutFacts } from './support/layout'
import { shootBothThemes } from './support/look'
import { forEverySection } from './support/sections'

// Fits at 1280×800 (issue 22, item 12), each point as a class: no section scrolls sideways and the page has one
// scroll container for its content (the document never scrolls, nothing inside the panel repeats its scrollbar), in
// every section and after Deny; Compare keeps long header values and URLs whole by wrapping them; the consent
// stepper's words are never cut (1280 and 1024 wide); presenter mode folds the network-log drawer, which the user can
// still open; and a redirect URI the server refused stops the wait at once, saying so and what to do.

let host: StartedConsole
const merchant = DEMO_LOGINS[0]!
const drawer = (page: Page) => page.getByRole('region', { name: 'Drawer' })

test.beforeAll(async () => {
  host = await startConsole()
})
test.afterAll(async () => {
  await host?.stop()
})

/** `sidebar`: also the sidebar fits (presenter mode's larger type lets the list of sections scroll on its own). */
async function expectOnePageScroller(page: Page, where: string, sidebar = true): Promise<void> {
  const facts = await layoutFacts(page)
  expect(facts.documentOverflow, `${where}: the document itself scrolls`).toEqual({ x: 0, y: 0 })
  expect(facts.mainSideways, `${where}: the panel scrolls sideways`).toBeLessThanOrEqual(1)
  expect(facts.nestedPageScrollers, `${where}: a second scrollbar for the page's content`).toEqual([])
  if (sidebar) expect(facts.sidebarOverflow, `${where}: the sidebar scrolls beside the panel`).toBeLessThanOrEqual(0)
}

test('every section at 1280×800: one scroll container for the content, nothing sideways', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await forEverySection(page, section => expectOnePageScroller(page, section.label))
})

test('after Deny: no second page scrollbar; the stepper’s words whole at 1280 and 1024 wide', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await openSection(page, /^Consent flow/)
  await expect(page.getByRole('list', { name: 'Consent steps' })).toBeVisible()
  expect(await cutStepperText(page)).toEqual([])
  await page.getByRole('radio', { name: /System browser \+ loopback/ }).check()
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Open authorize page' }).click()
  const popup = await popupOpened
  await popup.getByLabel('Username').fill(merchant.username)
  await popup.getByLabel('Password').fill(merchant.password)
  await popup.getByRole('button', { name: 'Sign in' }).click()
  await popup.getByRole('button', { name: 'Deny' }).click()
  await expect(page.getByRole('alert', { name: 'Outcome' })).toContainText('access_denied')
  await expectOnePageScroller(page, 'after Deny')
  expect(await cutStepperText(page)).toEqual([])
  await page.setViewportSize({ width: 1024, height: 768 })
  await expect.poll(() => cutStepperText(page)).toEqual([])
  expect((await layoutFacts(page)).documentOverflow).toEqual({ x: 0, y: 0 })
  await page.setViewportSize({ width: 1280, height: 800 })
  await shootBothThemes(page, 'fits-deny')
})

test('Compare: long header values and URLs wrap, whole, and never scroll sideways', async ({ page }) => {
  const query = `trace=${'abcdef0123'.repeat(24)}`
  const valueA = `a${'0123456789'.repeat(30)}`
  const valueB = `b${'0123456789'.repeat(30)}`
  await page.goto(await host.freshUrl())
  await openSection(page, /^Requests/)
  const composer = page.getByRole('region', { name: 'Composer' })
  const status = page.getByRole('region', { name: 'Response' }).getByRole('status', { name: 'Response status' })
  await composer.getByRole('radio', { name: 'None' }).check()
  await composer.getByLabel('Path').fill(`/pos/v2/locations?${query}`)
  await composer.getByLabel('Headers name 1').fill('x-trace')
  for (const [value, left] of [
    [valueA, '99/100'],
    [valueB, '98/100'],
  ] as const) {
    await composer.getByLabel('Headers value 1').fill(value)
    await composer.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(status).toContainText(left)
  }
  const panel = page.getByTestId('requests-panel')
  await panel.getByRole('tab', { name: 'Compare' }).click()
  await panel.getByLabel('Exchange A').selectOption({ index: 2 })
  await panel.getByLabel('Exchange B').selectOption({ index: 1 })
  await expect(panel.getByTestId('compare-summary')).toContainText('request headers')
  // Whole: the full values are on screen (wrapped), and the pickers name their whole entry on hover.
  const headers = panel.getByRole('table', { name: 'Request headers comparison' }).getByRole('row', { name: /x-trace/ })
  await expect(headers).toContainText(valueA)
  await expect(headers).toContainText(valueB)
  await expect(panel.getByLabel('Exchange A')).toHaveAttribute('title', new RegExp(query))
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 700 },
  ]) {
    await page.setViewportSize(size)
    const facts = await layoutFacts(page)
    expect(facts.mainSideways, `${size.width}: Compare scrolls sideways`).toBeLessThanOrEqual(1)
    expect(facts.sidewaysInMain, `${size.width}: something in Requests scrolls sideways`).toEqual([])
    expect(facts.documentOverflow).toEqual({ x: 0, y: 0 })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  await headers.scrollIntoViewIfNeeded()
  await shootBothThemes(page, 'fits-compare')
})

test('presenter mode folds the network-log drawer; the user can still open it', async ({ page }) => {
  await page.goto(await host.freshUrl())
  // With a token and a quota in the status bar, as a presenter has it mid-demo (the bar is at its fullest).
  await authorizeAsUser(page)
  await openSection(page, /^Locations/)
  await expect(page.getByRole('table', { name: 'Locations' }).getByRole('row').nth(1)).toBeVisible()
  await expect(page.locator('.status-bar')).toContainText('Quota')
  await openSection(page, /^Overview/)
  await expect(drawer(page).getByRole('button', { name: 'Hide ▾' })).toBeVisible()
  const presenter = page.getByRole('button', { name: /^Presenter (on|off)$/ })
  await presenter.click()
  await expect(presenter).toHaveText('Presenter on')
  // The zoomed status bar keeps what matters and cuts nothing: "Presenter on" is whole inside it.
  const bar = page.locator('.status-bar')
  expect(await bar.evaluate(el => el.scrollWidth - el.clientWidth), 'the status bar overflows').toBeLessThanOrEqual(0)
  const [barBox, toggleBox] = [await bar.boundingBox(), await presenter.boundingBox()]
  expect((toggleBox?.x ?? 0) + (toggleBox?.width ?? 0)).toBeLessThanOrEqual((barBox?.x ?? 0) + (barBox?.width ?? 0))
  await expect(drawer(page).getByRole('button', { name: 'Show ▴' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Network log' })).toHaveCount(0)
  await openSection(page, /^Consent flow/)
  await expectOnePageScroller(page, 'presenter mode, drawer folded', false)
  const panel = await page.locator('main').boundingBox()
  expect(panel?.height, 'the panel keeps most of the window').toBeGreaterThan(400)
  await shootBothThemes(page, 'fits-presenter')
  await drawer(page).getByRole('button', { name: 'Show ▴' }).click()
  await expect(drawer(page).getByRole('button', { name: 'Hide ▾' })).toBeVisible()
  await expect(
    drawer(page)
      .getByText(/No requests yet|entries/)
      .first(),
  ).toBeVisible()
  await presenter.click()
  await expect(presenter).toHaveText('Presenter off')
})

test('a redirect URI the server refused stops the wait at once, and says so and what to do', async ({ page }) => {
  const sandboxUrl = host.sandboxUrl ?? ''
  const wrongRedirect = `http://127.0.0.1:${await findFreePort()}/callback`
  await page.goto(await host.freshUrl())
  await createEnvironment(page, {
    name: 'Wrong redirect',
    clientId: 'sandbox-demo-client',
    authUrl: sandboxUrl,
    redirectUri: wrongRedirect,
    secret: 'sandbox-demo-secret',
  })
  await page
    .getByRole('table', { name: 'Environments' })
    .getByRole('row', { name: /Wrong redirect/ })
    .getByRole('button', { name: 'Use' })
    .click()
  await expect(page.getByRole('combobox', { name: 'Environment' })).toHaveValue(/.+/)
  await expect(page.getByRole('combobox', { name: 'Environment' }).locator('option:checked')).toHaveText('Wrong redirect')
  await openSection(page, /^Consent flow/)
  await page.getByRole('radio', { name: /System browser \+ loopback/ }).check()
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Open authorize page' }).click()
  const popup = await popupOpened
  const waiting = page.getByRole('status', { name: 'Waiting for the redirect' })
  await expect(waiting).toContainText('gives up in')
  // The server's page says no and shows the registered URI; the user copies it into the console.
  await expect(popup.getByRole('alert')).toContainText('does not match')
  const registered = (await popup.locator('#redirect-uris td').nth(1).textContent()) ?? ''
  expect(registered).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
  await waiting.getByRole('button', { name: 'paste the registered URI it shows' }).click()
  await expect(page.getByLabel('Registered redirect URI')).toBeFocused()
  await page.getByLabel('Registered redirect URI').fill(registered)
  await page.getByRole('button', { name: 'Compare', exact: true }).click()

  await expect(waiting).toHaveCount(0)
  await expect(page.getByText('gives up in')).toHaveCount(0)
  const outcome = page.getByRole('alert', { name: 'Outcome' })
  await expect(outcome).toContainText('The server refused the redirect URI')
  await expect(outcome).toContainText('The console stopped waiting.')
  await expect(outcome).toContainText('Make the environment’s redirect URI the registered one exactly')
  await expect(page.getByRole('list', { name: 'Consent steps' }).getByRole('listitem').filter({ hasText: 'Consent' })).toHaveAttribute(
    'data-status',
    'failed',
  )
  await expect(page.getByRole('button', { name: 'Start again' })).toBeEnabled()
  await expectOnePageScroller(page, 'refused redirect')
  await page.evaluate(`document.querySelector('[role="alert"][aria-label="Outcome"]').scrollIntoView({ block: 'start' })`)
  await shootBothThemes(page, 'fits-refused-redirect')
  await popup.close()
})
