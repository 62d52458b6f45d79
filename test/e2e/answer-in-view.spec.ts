import { expect, type Locator, type Page, test } from '@playwright/test'
import { type StartedConsole, startConsole } from '../support/console-host'
import { openSection } from './support/authorize'

// The answer is where the eyes are (issue 22, item 1): after Send in Requests and in Export tickets, the answer's top
// is inside the panel's visible part, above the network-log drawer; at 1920×1080 the composer's answer sits beside
// the request, at 1280×800 below it, scrolled into view.

let host: StartedConsole
test.beforeAll(async () => {
  host = await startConsole()
})
test.afterAll(async () => {
  await host?.stop()
})

/** True when the element's first 60 px show inside the scrolling panel and above the drawer. */
async function topInView(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox()
  const panel = await page.locator('.main-panel').boundingBox()
  const drawer = await page.getByRole('region', { name: 'Drawer' }).boundingBox()
  if (!box || !panel || !drawer) return false
  const bottom = Math.min(panel.y + panel.height, drawer.y)
  return box.y >= panel.y - 1 && box.y + 60 <= bottom
}

async function sendFromComposer(page: Page, path: string) {
  await openSection(page, /^Requests/)
  const composer = page.getByRole('region', { name: 'Composer' })
  await composer.getByLabel('Path').fill(path)
  await composer.getByRole('radio', { name: 'None' }).check()
  await composer.getByRole('button', { name: 'Send', exact: true }).click()
  const response = page.getByRole('region', { name: 'Response' })
  await expect(response.getByRole('status', { name: 'Response status' })).toContainText(path)
  return response
}

for (const theme of ['light', 'dark'] as const) {
  test(`Requests and Export tickets bring the answer into view (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme })
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(await host.freshUrl())
    await expect(page.getByRole('region', { name: 'Drawer' }).getByRole('button', { name: 'Hide ▾' })).toBeVisible()

    // 1280×800: stacked; the panel scrolls to the answer, which shows above the open drawer.
    const first = await sendFromComposer(page, '/first-call')
    await expect.poll(() => topInView(page, first)).toBe(true)
    await page.screenshot({ path: test.info().outputPath(`requests-${theme}-1280.png`) })

    // 1920×1080: request and answer side by side, the answer's top level with the request's.
    await page.setViewportSize({ width: 1920, height: 1080 })
    const wide = await sendFromComposer(page, '/second-call')
    await expect.poll(() => topInView(page, wide)).toBe(true)
    const request = await page.locator('.wb-request').boundingBox()
    const answer = await page.getByRole('region', { name: 'The answer' }).boundingBox()
    expect(answer && request && answer.x > request.x + request.width - 1).toBe(true)
    expect(answer && request && Math.abs(answer.y - request.y) < 40).toBe(true)
    await page.screenshot({ path: test.info().outputPath(`requests-${theme}-1920.png`) })

    // Export tickets at 1280×800: the answer (the tickets, or a refusal) comes into view above the drawer.
    await page.setViewportSize({ width: 1280, height: 800 })
    await openSection(page, /^Export tickets/)
    await page.getByLabel('Location id').fill('101001')
    await page.getByLabel('From (YYYY-MM-DD)').fill('2025-04-01')
    await page.getByLabel('To (YYYY-MM-DD)').fill('2025-04-03')
    await expect(page.getByTestId('preview-x-signature')).toHaveText(/^[0-9a-f]{64}$/)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const exportAnswer = page.locator('.export-answer')
    await expect(exportAnswer).not.toContainText('Press Send')
    await expect(exportAnswer.locator('> *').first()).toBeVisible()
    await expect.poll(() => topInView(page, exportAnswer.locator('> *').first())).toBe(true)
    await page.screenshot({ path: test.info().outputPath(`export-${theme}-1280.png`) })
    await page.setViewportSize({ width: 1920, height: 1080 })
    await page.screenshot({ path: test.info().outputPath(`export-${theme}-1920.png`) })
  })
}
