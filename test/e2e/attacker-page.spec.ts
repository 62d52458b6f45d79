import { createServer, type Server } from 'node:http'
import { expect, type Page, test } from '@playwright/test'
import { findFreePort } from '../../src/main/runtime/free-port'
import { type StartedConsole, startConsole } from '../support/console-host'
import { openSection } from './support/authorize'
import { createEnvironment } from './support/environments'

// A real web page on another 127.0.0.1 port, as an attacker would host it (docs/security.md, items 2 and 7).

let host: StartedConsole
let attacker: Server
let attackerOrigin: string
const reports: string[] = []

test.beforeAll(async () => {
  host = await startConsole()
  attacker = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (url.pathname === '/report') {
      reports.push(url.searchParams.get('what') ?? '')
      res.writeHead(204).end()
      return
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    if (url.pathname === '/plain' || url.pathname === '/look-alike') {
      res.end(`<!doctype html><title>${url.pathname.slice(1)}</title><h1>Overview</h1>`)
      return
    }
    if (url.pathname === '/plant') {
      // Cookies ignore ports: these land on the console's 127.0.0.1 too. Path=/bridge makes them come first.
      const port = new URL(host.origin).port
      res.end(`<!doctype html><title>planter</title><script>
        document.cookie = 'pc_session_${port}=%E0%A4%A; Path=/bridge'
        document.cookie = 'pc_session_${port}=planted; Path=/'
        document.cookie = 'pc_session=%E0%A4%A; Path=/'
        document.title = 'planted'
      </script>`)
      return
    }
    // The "authorize page" of an imported environment: it tries to take over the console tab through window.opener.
    res.end(`<!doctype html><title>authorize</title><script>
      const what = window.opener === null ? 'no-opener' : 'has-opener'
      try { if (window.opener) window.opener.location = location.origin + '/look-alike' } catch (e) {}
      fetch('/report?what=' + what).then(() => { document.title = 'reported' })
    </script>`)
  })
  await new Promise<void>(resolve => attacker.listen(0, '127.0.0.1', () => resolve()))
  const address = attacker.address()
  attackerOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
})

test.afterAll(async () => {
  await host?.stop()
  await new Promise<void>(resolve => attacker?.close(() => resolve()))
})

async function connected(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
  await expect(page.getByTestId('status-environment')).toHaveText('Sandbox (built-in)')
}

test('cookies planted by a page on another 127.0.0.1 port neither crash nor lock out the console', async ({ page }) => {
  await page.goto(await host.freshUrl())
  await connected(page)
  const planter = await page.context().newPage()
  await planter.goto(`${attackerOrigin}/plant`)
  await expect(planter).toHaveTitle('planted')
  const cookies = await page.context().cookies()
  expect(cookies.filter(c => c.name.startsWith('pc_session')).length).toBe(4)
  await page.reload()
  await connected(page)
  // The socket still works: a call that goes through the engine answers.
  await openSection(page, /^Environments/)
  await expect(page.getByTestId('storage-backend')).toHaveText('aes-256-gcm-keyfile')
  expect(host.output()).not.toContain('URIError')
})

test('the authorize page opened by the console gets no handle on the console tab', async ({ page }) => {
  const redirectPort = await findFreePort()
  await page.goto(await host.freshUrl())
  await connected(page)
  await createEnvironment(page, {
    name: 'Imported look-alike',
    clientId: 'partner-x',
    authUrl: attackerOrigin,
    redirectUri: `http://127.0.0.1:${redirectPort}/callback`,
    secret: 'not-a-real-secret-123',
  })
  await page.getByRole('combobox', { name: 'Environment', exact: true }).selectOption({ label: 'Imported look-alike' })
  await expect(page.getByTestId('status-environment')).toHaveText('Imported look-alike')

  await openSection(page, /^Consent flow/)
  await page.getByRole('radio', { name: /System browser \+ loopback/ }).check()
  await page.getByRole('button', { name: 'Build authorize URL' }).click()
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: /^(Open authorize page|Start again)$/ }).click()
  const popup = await popupOpened
  await expect(popup).toHaveTitle('reported')
  expect(popup.url()).toContain(`${attackerOrigin}/oauth2/authorize`)
  expect(reports).toEqual(['no-opener'])
  expect(await popup.evaluate('window.opener === null')).toBe(true)
  expect(page.url()).toBe(`${host.origin}/`)
  await popup.close()
})

test('a page on another 127.0.0.1 port that opens the console cannot navigate it to a look-alike', async ({ page }) => {
  // The test before left another environment active: what counts here is that the console answers.
  const overview = (p: Page) => expect(p.getByRole('heading', { name: 'Overview' })).toBeVisible()
  await page.goto(await host.freshUrl())
  await overview(page)
  // Same site as the console (ports do not count), so the session cookie goes with the window it opens.
  const attackerPage = await page.context().newPage()
  await attackerPage.goto(`${attackerOrigin}/plain`)
  const opened = attackerPage.waitForEvent('popup')
  await attackerPage.evaluate(`window.consoleTab = window.open(${JSON.stringify(`${host.origin}/`)}); true`)
  const consoleTab = await opened
  await overview(consoleTab)
  // Without the console cutting its opener, the same line takes the console's tab to the attacker's page.
  const lookAlike = JSON.stringify(`${attackerOrigin}/look-alike`)
  const attempt = await attackerPage.evaluate(`(() => {
    try {
      window.consoleTab.location.href = ${lookAlike}
      return 'navigation started'
    } catch (error) {
      return 'refused: ' + error.name
    }
  })()`)
  expect(attempt).toBe('refused: SecurityError')
  await expect(consoleTab.getByTestId('status-environment')).not.toHaveText('')
  expect(consoleTab.url()).toBe(`${host.origin}/`)
  await consoleTab.close()
  await attackerPage.close()
})
