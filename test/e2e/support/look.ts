import { join } from 'node:path'
import type { Page } from '@playwright/test'

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const

/**
 * Screenshots of what the page shows now, in both themes at 1280×800 and 1920×1080, for a person to look at: written
 * only when `PC_SHOTS_DIR` names a folder outside the repository (`PC_SHOTS_DIR=/tmp/shots npx playwright test …`);
 * without it nothing is written. The page's viewport and theme are put back afterwards.
 */
export async function shootBothThemes(page: Page, name: string): Promise<void> {
  const dir = process.env.PC_SHOTS_DIR
  if (!dir) return
  const before = page.viewportSize()
  const theme = page.getByRole('combobox', { name: 'Theme' })
  const was = await theme.inputValue()
  for (const t of ['light', 'dark'] as const) {
    await theme.selectOption(t)
    for (const size of SIZES) {
      await page.setViewportSize(size)
      await page.evaluate('document.fonts.ready')
      await page.screenshot({ path: join(dir, `${name}-${t}-${size.width}x${size.height}.png`) })
    }
  }
  await theme.selectOption(was)
  if (before) await page.setViewportSize(before)
}
