import { expect, type Page } from '@playwright/test'
import { SECTION_LIST } from '../../../src/renderer/src/frame/section-list'

export type SectionInfo = (typeof SECTION_LIST)[number]

/**
 * Opens every section of the console in the sidebar's order (the renderer's own list, so a section added later is
 * visited too), waits until it has loaded, and hands it to `visit`. Checks the sidebar shows exactly those sections.
 */
export async function forEverySection(page: Page, visit: (section: SectionInfo) => Promise<void>): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Sections' })
  await expect(nav.getByRole('button')).toHaveCount(SECTION_LIST.length)
  for (const section of SECTION_LIST) {
    const button = nav.getByRole('button', { name: new RegExp(`^${section.label}`) })
    await button.click()
    await expect(button).toHaveAttribute('aria-current', 'page')
    await expect(page.locator('main .loading')).toHaveCount(0)
    await expect(page.locator('main')).not.toBeEmpty()
    await visit(section)
  }
}
