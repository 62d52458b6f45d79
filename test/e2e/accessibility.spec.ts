import AxeBuilder from '@axe-core/playwright'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { SECTION_LIST } from '../../src/renderer/src/frame/section-list'
import { type StartedConsole, startConsole } from '../support/console-host'
import { forEverySection } from './support/sections'

// WCAG 2.2 AA: an axe scan of every section of the console in the light and the dark theme finds no serious or critical
// violation. The sections are the renderer's own list (src/renderer/src/frame/section-list.ts), so a section added later
// is scanned without touching this file; the sidebar must show exactly those.

let host: StartedConsole

test.beforeAll(async () => {
  host = await startConsole()
})

test.afterAll(async () => {
  await host?.stop()
})

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** Serious and critical violations of the page as it is now, one line each (rule, impact, where). */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze()
  return result.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .flatMap(v => v.nodes.map(n => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`))
}

async function openConsole(browser: Browser, colorScheme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ colorScheme })
  const page = await context.newPage()
  await page.goto(await host.freshUrl())
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible()
  return page
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every section passes axe (WCAG 2.2 AA, no serious or critical violation) in the ${colorScheme} theme`, async ({ browser }) => {
    // One axe run per section (a few seconds each on a shared machine): the budget grows with the list.
    test.setTimeout(15_000 * SECTION_LIST.length)
    const page = await openConsole(browser, colorScheme)
    const found: string[] = []
    await forEverySection(page, async section => {
      for (const v of await seriousViolations(page)) found.push(`[${section.label}] ${v}`)
    })
    expect(found).toEqual([])
    await page.context().close()
  })
}

test('the sandbox sign-in page focuses the username field and passes axe in both themes', async ({ browser }) => {
  const page = await openConsole(browser, 'light')
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /^Consent flow/ })
    .click()
  await page.getByRole('radio', { name: /System browser \+ loopback/ }).check()
  await page.getByRole('button', { name: 'Build authorize URL' }).click()
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: /^(Open authorize page|Start again)$/ }).click()
  const popup = await popupOpened
  await expect(popup.getByLabel('Username')).toBeFocused()
  for (const colorScheme of ['light', 'dark'] as const) {
    await popup.emulateMedia({ colorScheme })
    expect(await seriousViolations(popup), colorScheme).toEqual([])
  }
  await page.context().close()
})
