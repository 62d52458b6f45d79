import { expect, type Page, test } from '@playwright/test'
import { SEED_LOCATIONS } from '../../src/sandbox/data/seed-data'
import { type StartedConsole, startConsole } from '../support/console-host'
import { authorizeAsUser, DEMO_MERCHANT, openSection } from './support/authorize'

// The log you can search (issue 22, item 5): the drawer's filter box takes the engine's filter language (source:,
// method:, status:, host:, auth:, text in the URL or either body, - to negate, quotes), suggests as the user types,
// says what it could not read, and the detail of an entry is tall enough to read at 1280×800.

let host: StartedConsole
test.beforeAll(async () => {
  host = await startConsole()
})
test.afterAll(async () => {
  await host?.stop()
})

const SOHO = SEED_LOCATIONS.find(s => s.location.merchantId === DEMO_MERCHANT.merchantId)?.location
if (!SOHO) throw new Error('no seed location for the demo merchant')

const rows = (page: Page) => page.getByRole('table', { name: 'Network log' }).getByTestId('log-row')
const names = (page: Page) => rows(page).getByRole('button').allTextContents()

async function filterBy(page: Page, query: string, count: { atLeast: number } | number) {
  await page.getByLabel('Filter the log').fill(query)
  // Until the engine has answered for this query the list shows the previous one's rows (aria-busy): wait for it.
  await expect(page.locator('.netlog__list')).toHaveAttribute('aria-busy', 'false')
  if (typeof count === 'number') await expect(rows(page)).toHaveCount(count)
  else await expect.poll(() => rows(page).count()).toBeGreaterThanOrEqual(count.atLeast)
  await expect(page.getByTestId('log-count')).toHaveText(/ of \d+$/)
  return names(page)
}

test('source, method, status, body text and negation filter the log; suggestions complete; problems are named', async ({ page }) => {
  await page.goto(await host.freshUrl())
  // Operator calls: the sandbox controls read the sandbox's state with its admin token.
  await openSection(page, /^Sandbox controls/)
  await expect(rows(page).filter({ hasText: '/_sandbox/' }).first()).toBeVisible()
  await authorizeAsUser(page)
  await openSection(page, /^Quotas/)
  await page.getByRole('button', { name: 'Send GET locations' }).click()
  await expect(rows(page).filter({ hasText: '/locations' }).first()).toBeVisible()

  // source:operator hides or shows the console's sandbox-admin calls.
  for (const name of await filterBy(page, '-source:operator', { atLeast: 2 })) expect(name).not.toContain('/_sandbox/')
  for (const name of await filterBy(page, 'source:operator', { atLeast: 1 })) expect(name).toContain('/_sandbox/')
  // Negated free text.
  for (const name of await filterBy(page, '-_sandbox', { atLeast: 2 })) expect(name).not.toContain('/_sandbox/')
  // A value only in a response body (the location's name is in no URL).
  for (const name of await filterBy(page, `"${SOHO.name}"`, { atLeast: 1 })) expect(name).toContain('locations')
  // Key terms together, and an exact status.
  for (const name of await filterBy(page, 'method:POST status:200 -source:operator', { atLeast: 1 }))
    expect(name).toContain('/oauth2/token')
  await filterBy(page, 'status:401', 0)
  await expect(page.getByText('No entry matches the filter.')).toBeVisible()

  // A term it cannot read is named with what to write instead; the list still filters by the rest.
  await filterBy(page, 'auth:bearer status:abc', { atLeast: 1 })
  await expect(page.getByRole('status').filter({ hasText: 'is not a status' })).toContainText('status:4xx')
  await expect(page.getByLabel('Filter the log')).toHaveAttribute('aria-invalid', 'true')

  // Suggestions as the user types: keys, then values; Enter takes the highlighted one, arrows move.
  const box = page.getByLabel('Filter the log')
  await box.fill('')
  await box.pressSequentially('-so')
  const list = page.getByRole('list', { name: 'Filter suggestions' })
  await expect(list.getByRole('button')).toHaveText([/^-source:/])
  await box.press('Enter')
  await expect(box).toHaveValue('-source:')
  await expect(list.getByRole('button')).toHaveText([/^-source:console/, /^-source:captured/, /^-source:operator/])
  await box.press('ArrowDown')
  await box.press('ArrowDown')
  await box.press('Enter')
  await expect(box).toHaveValue('-source:operator ')
  await expect(list).toHaveCount(0)
  for (const name of await names(page)) expect(name).not.toContain('/_sandbox/')
  await box.pressSequentially('ho')
  await list.getByRole('button', { name: /^host:/ }).click()
  await expect(box).toHaveValue('-source:operator host:')
  await expect(list.getByRole('button').first()).toContainText('host:127.0.0.1')
  await box.press('Escape')
  await expect(list).toHaveCount(0)

  // The detail of an entry, at 1280×800: its body area tall enough to read a response.
  await box.fill(`"${SOHO.name}"`)
  await rows(page).first().getByRole('button').click()
  const detail = page.getByRole('region', { name: 'Entry detail' })
  await detail.getByRole('button', { name: 'Response', exact: true }).click()
  const body = detail.locator('.netlog-detail__body')
  await expect(body).toBeVisible()
  const height = (await body.boundingBox())?.height ?? 0
  expect(height).toBeGreaterThanOrEqual(300)

  for (const theme of ['light', 'dark'] as const) {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1920, height: 1080 },
    ]) {
      await page.emulateMedia({ colorScheme: theme })
      await page.setViewportSize(size)
      await box.fill('-source:operator method:')
      await box.focus()
      await expect(list).toBeVisible()
      await page.screenshot({ path: test.info().outputPath(`log-filter-${theme}-${size.width}.png`) })
    }
  }
})
