import { expect, type Page, test } from '@playwright/test'
import { type StartedConsole, startConsole } from '../support/console-host'

// The drawer's top edge resizes the network log (keyboard or drag). Only the drawer's row may change: the sidebar, the
// section and the status bar keep their places, in the normal frame and in presenter mode's (which has one more row,
// the step-through bar). A resize used to replace the whole row template and threw every area out of place.

let host: StartedConsole
let presenter: StartedConsole

test.beforeAll(async () => {
  host = await startConsole()
  presenter = await startConsole(['--presenter'])
})

test.afterAll(async () => {
  await host?.stop()
  await presenter?.stop()
})

async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox()
  if (!b) throw new Error(`${selector} is not on screen`)
  return b
}

for (const mode of ['normal', 'presenter'] as const) {
  test(`resizing the drawer (${mode} frame) changes only the drawer's height`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await page.goto(await (mode === 'presenter' ? presenter : host).freshUrl())
    await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible()
    // Presenter mode arrives from the engine after the first paint: measure once its step-through bar is there.
    if (mode === 'presenter') await expect(page.locator('.presenter-steps')).toBeVisible()
    const toggle = page.getByRole('region', { name: 'Drawer' }).locator('.drawer__toggle')
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const before = { main: await box(page, 'main'), side: await box(page, '.sidebar'), drawer: await box(page, '.drawer') }

    const edge = page.getByRole('separator', { name: 'Resize the drawer' })
    await edge.focus()
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowUp')
    await expect(edge).toHaveAttribute('aria-valuenow', String(Math.round(before.drawer.height + 5 * 24)))

    const after = { main: await box(page, 'main'), side: await box(page, '.sidebar'), drawer: await box(page, '.drawer') }
    const status = await box(page, '.status-bar')
    expect(after.main.y).toBeCloseTo(before.main.y, 0)
    expect(after.side.y).toBeCloseTo(before.side.y, 0)
    expect(after.drawer.height).toBeGreaterThan(before.drawer.height + 100)
    expect(after.main.height).toBeLessThan(before.main.height - 100)
    expect(after.drawer.y + after.drawer.height).toBeCloseTo(status.y, 0)
    await expect(page.getByText('No requests yet')).toBeVisible()
    await expect(page.locator('main .loading')).toHaveCount(0)

    // Home gives the default height back.
    await page.keyboard.press('Home')
    await expect.poll(async () => Math.round((await box(page, '.drawer')).height)).toBe(Math.round(before.drawer.height))
    await context.close()
  })
}
