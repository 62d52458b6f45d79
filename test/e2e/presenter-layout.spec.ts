import { expect, type Page, test } from '@playwright/test'
import { type StartedConsole, startConsole } from '../support/console-host'
import { forEverySection } from './support/sections'

// Presenter mode zooms the whole frame 1.3×, so a 1280×800 projector window lays out like a ~985 px one. Sections lay
// out by the width their panel really has (container queries), not by the window's: at 1280×800 in presenter mode no
// section scrolls sideways, the status bar fits, and the consent flow's two columns stack instead of squeezing.

let host: StartedConsole

test.beforeAll(async () => {
  host = await startConsole(['--presenter'])
})

test.afterAll(async () => {
  await host?.stop()
})

/** How far an element's content is wider than its box, in CSS px (0 when it fits). */
async function overflowX(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate(el => Math.max(0, el.scrollWidth - el.clientWidth))
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
]) {
  test(`presenter mode at ${size.width}×${size.height}: no section scrolls sideways, the status bar fits, columns stack`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: size })
    const page = await context.newPage()
    await page.goto(await host.freshUrl())
    await expect(page.locator('html')).toHaveAttribute('data-presenter', /.*/)
    // The step-through loads when presenter mode turns on, and opens its first step's section: what a presenter sees
    // before touching anything.
    await expect(page.getByRole('region', { name: 'Presenter steps' })).toBeVisible()
    const wide: string[] = []
    await forEverySection(page, async section => {
      const over = await overflowX(page, 'main')
      if (over > 1) wide.push(`${section.label}: ${over} px too wide`)
    })
    expect(wide).toEqual([])
    expect(await overflowX(page, '.status-bar')).toBeLessThanOrEqual(1)

    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: /^Consent flow/ })
      .click()
    // Measured once the section's two columns are on screen.
    await expect(page.getByRole('complementary', { name: 'Token lifecycle' })).toBeVisible()
    await expect(page.locator('.consent__main')).toBeVisible()
    const main = await page.locator('.consent__main').boundingBox()
    const side = await page.getByRole('complementary', { name: 'Token lifecycle' }).boundingBox()
    expect(main && side && side.y >= main.y + main.height - 1, 'the lifecycle column sits under the flow, not beside it').toBe(true)
    await context.close()
  })
}
