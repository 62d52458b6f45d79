import { expect, test } from '@playwright/test'
import { type StartedConsole, startConsole } from '../support/console-host'

let host: StartedConsole

test.beforeAll(async () => {
  host = await startConsole([], { PARTNER_CONSOLE_HEARTBEAT_MS: '500' })
})

test.afterAll(async () => {
  await host?.stop()
})

test('the printed URL opens the console, trades its token for a cookie, and shows the first screen', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await expect(page).toHaveURL(`${host.origin}/`)
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
  await expect(page.getByTestId('status-environment')).toHaveText('Sandbox (built-in)')
  await expect(page.getByText('aes-256-gcm-keyfile').first()).toBeVisible()
})

test('engine events reach the page over the socket', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await expect(page.getByTestId('status-heartbeat')).toContainText('engine up', { timeout: 10_000 })
  await page.getByRole('button', { name: /^Events/ }).click()
  await expect(page.getByTestId('event-row').first()).toBeVisible()
})

test('a browser without the token is refused', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  const response = await page.goto(`${host.origin}/`)
  expect(response?.status()).toBe(401)
  await expect(page.locator('body')).toContainText('Open the URL that `partner-console web` printed')
  await context.close()
})

test('Ctrl+K opens the command palette: type to filter, Enter runs, Escape closes', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await page.getByRole('heading', { name: 'Overview' }).waitFor()
  await page.keyboard.press('Control+k')
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  await expect(palette).toBeVisible()
  await palette.getByRole('textbox', { name: 'Command' }).fill('go inspector')
  await expect(palette.getByRole('button')).toHaveText(['Go to Signature inspector'])
  await page.keyboard.press('Enter')
  await expect(palette).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Signature inspector', level: 1 })).toBeVisible()
  await page.keyboard.press('Control+k')
  await page.getByRole('textbox', { name: 'Command' }).fill('nothing like this')
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toContainText('No command matches')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toHaveCount(0)
})

test('the theme follows the OS, and a chosen theme is kept across reloads', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' })
  const page = await context.newPage()
  await page.goto(await host.freshUrl())
  await page.getByRole('heading', { name: 'Overview' }).waitFor()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('light')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await page.reload()
  await page.getByRole('heading', { name: 'Overview' }).waitFor()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('light')
  await context.close()
})

test('a chosen theme shows from the first paint, before the console’s script has run', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' })
  const page = await context.newPage()
  await page.goto(await host.freshUrl())
  await page.getByRole('heading', { name: 'Overview' }).waitFor()
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('light')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  // The bundle never arrives: what shows is the pre-rendered screen and the page's one inline script.
  const blocked: string[] = []
  await page.route(/\.js(\?|$)/, route => {
    blocked.push(route.request().url())
    return route.abort()
  })
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
  expect(blocked.length).toBeGreaterThan(0)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(255, 255, 255)')
  await context.close()
})

test('the first screen shows before any engine answer, and nothing on it moves when the answers come', async ({ page }) => {
  // Every message from the engine is held back until the test lets it through: the page sees a connected socket that
  // has not answered yet (an engine still starting).
  const held: Array<string | Buffer> = []
  let release: ((m: string | Buffer) => void) | null = null
  let releaseAll = () => {}
  await page.routeWebSocket(/\/bridge$/, ws => {
    const server = ws.connectToServer()
    server.onMessage(m => (release ? release(m) : held.push(m)))
    releaseAll = () => {
      release = m => ws.send(m)
      for (const m of held.splice(0)) ws.send(m)
    }
  })
  await page.goto(await host.freshUrl())
  const heading = page.getByRole('heading', { name: 'Overview' })
  await expect(heading).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'This console' })).toBeVisible()
  await expect(page.locator('dl.facts')).toHaveAttribute('aria-busy', 'true')
  await expect(page.locator('.skeleton').first()).toBeVisible()
  const place = async () =>
    Promise.all(['h1', '.overview-facts-title', 'dl.facts dt', '.status-bar'].map(s => page.locator(s).first().boundingBox()))
  const before = await place()

  releaseAll()
  await expect(page.getByText(/^Partner API Console \d/)).toBeVisible()
  await expect(page.locator('dl.facts')).toHaveAttribute('aria-busy', 'false')
  await expect(page.getByTestId('status-environment')).toHaveText('Sandbox (built-in)')
  expect(await place()).toEqual(before)
})

/** Page errors and console errors, and the Overview heading the HTML itself brought (before any script ran). */
async function watchFirstScreen(page: import('@playwright/test').Page): Promise<string[]> {
  const errors: string[] = []
  page.on('pageerror', e => errors.push(`page error: ${e.message}`))
  page.on('console', m => {
    if (m.type() === 'error') errors.push(`console error: ${m.text()}`)
  })
  // Runs before any of the page's own scripts: the first Overview heading it sees came with the HTML.
  await page.addInitScript(`
    new MutationObserver((_, observer) => {
      const heading = [...document.querySelectorAll('h1')].find(h => h.textContent === 'Overview')
      if (!heading) return
      window.firstHeading = heading
      observer.disconnect()
    }).observe(document, { childList: true, subtree: true })
  `)
  return errors
}

const headingFromHtmlStillShown = (page: import('@playwright/test').Page) =>
  page.evaluate('window.firstHeading ? window.firstHeading.isConnected : null')

test('the first screen comes in the HTML itself, and the page adopts it: the same heading stays, no error', async ({ page }) => {
  const errors = await watchFirstScreen(page)
  const requested: string[] = []
  page.on('request', r => requested.push(new URL(r.url()).pathname))
  const response = await page.goto(await host.freshUrl())
  const html = (await response?.text()) ?? ''
  expect(html).toContain('<h1>Overview</h1>')
  expect(html).toContain('data-first-render=')
  // The first screen's style sheet is in the HTML; its file is named by a disabled link, which nothing fetches.
  expect(html).toMatch(/<style>[\s\S]+?<\/style>/)
  const inlined = /<link rel="stylesheet" href="\.(\/assets\/[^"]+\.css)" disabled>/.exec(html)?.[1]
  // Answers from the engine have replaced the placeholders: React is running and owns the markup.
  await expect(page.getByTestId('status-environment')).toHaveText('Sandbox (built-in)')
  await expect(page.locator('dl.facts')).toHaveAttribute('aria-busy', 'false')
  expect(await headingFromHtmlStillShown(page)).toBe(true)
  await page.getByRole('button', { name: /^Environments/ }).click()
  await expect(page.getByRole('heading', { name: 'Environments', level: 1 })).toBeVisible()
  expect(errors).toEqual([])
  expect(inlined).toBeDefined()
  expect(requested).not.toContain(inlined)
  expect(requested.filter(p => p.endsWith('.css')).length).toBeGreaterThan(0)
})

test('a window too short for the drawer is rendered afresh (the pre-render assumed a taller one), without an error', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 600 } })
  const page = await context.newPage()
  const errors = await watchFirstScreen(page)
  await page.goto(await host.freshUrl())
  await expect(page.getByTestId('status-environment')).toHaveText('Sandbox (built-in)')
  expect(await headingFromHtmlStillShown(page)).toBe(false)
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
  await expect(page.locator('.frame')).not.toHaveClass(/frame--drawer/)
  expect(errors).toEqual([])
  await context.close()
})
