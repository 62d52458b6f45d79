import type { Browser, Page } from '@playwright/test'

/** A fresh browser context on the console at `url`, in `theme`, once the first screen is there (1280×800 unless told). */
export async function openConsolePage(
  browser: Browser,
  url: string,
  options: { theme: 'light' | 'dark'; width?: number; height?: number },
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.theme,
  })
  const page = await context.newPage()
  await page.goto(url)
  await page.getByRole('heading', { name: 'Overview' }).waitFor()
  return page
}
