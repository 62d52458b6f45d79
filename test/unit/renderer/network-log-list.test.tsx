// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { fingerprint, SecretRegistry } from '../../../src/main/engine/core/secret-registry'
import { NetworkLog } from '../../../src/main/engine/log/network-log'
import { Redactor } from '../../../src/main/engine/log/redaction'
import { EMPTY_LOG, mergeList, upsertEntries } from '../../../src/renderer/src/features/network-log/log-entries'
import { LogList, ROW_HEIGHT } from '../../../src/renderer/src/features/network-log/log-list'
import { TimingWaterfall } from '../../../src/renderer/src/features/network-log/timing-waterfall'
import { HeadersTable } from '../../../src/renderer/src/ui/headers-table'
import type { LogEntrySummary } from '../../../src/shared/contract'

// The list is fed by the engine's own NetworkLog (what `log:list` and `log:entry` serve), filled with 10,000 real
// captures, and its redaction comes from the engine's Redactor, typed by the engine's classes (tsconfig.web-tests.json).

const N = 10_000
const METHODS = ['GET', 'GET', 'GET', 'POST', 'DELETE']
const STATUSES = [200, 200, 204, 404, 429, 500, 0]
let log: NetworkLog
let all: LogEntrySummary[]
const TOKEN = 'access-token-value-that-must-never-show-7f3a9c'

// jsdom does no layout: the scroll box is given the size a 440 px drawer body would have, the rest is the real code.
const VIEWPORT = 440
const clientHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')
beforeAll(async () => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'log-scroll' ? VIEWPORT : 0
    },
  })
  const redactor = new Redactor(new SecretRegistry())
  log = new NetworkLog({ capacity: 20_000 })
  const t0 = Date.parse('2026-11-22T09:00:00Z')
  for (let i = 0; i < N; i++) {
    const method = METHODS[i % METHODS.length] as string
    const begun = log.begin({
      method,
      url: `http://127.0.0.1:9/api/v1/item/${i}?page=${i % 7}`,
      purpose: 'api',
      auth: 'bearer',
      requestHeaders: redactor.headers([{ name: 'Authorization', value: `Bearer ${TOKEN}` }]),
      requestBody: null,
      startedAt: new Date(t0 + i * 250).toISOString(),
    })
    const status = STATUSES[i % STATUSES.length] as number
    if (i % 997 === 0) continue // a few stay pending
    log.complete(begun, {
      status,
      statusText: status ? 'Whatever' : '',
      responseHeaders: [],
      responseBody: null,
      timings: {
        blocked: 0.2,
        dns: null,
        connect: 1.1,
        tls: null,
        send: 0.1,
        wait: 3 + (i % 40),
        receive: 0.4,
        total: 4.8 + (i % 40),
        reusedConnection: false,
      },
      durationMs: 4.8 + (i % 40),
      error: status === 0 ? 'connect ECONNREFUSED 127.0.0.1:9' : undefined,
    })
  }
  all = log.list({ limit: N }).entries.reverse()
})

afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight)
})

afterEach(cleanup)

function rows(): HTMLElement[] {
  return screen.queryAllByTestId('log-row')
}

function seqs(): number[] {
  return rows().map(r => Number(within(r).getAllByRole('cell')[0]?.textContent))
}

function scrollTo(top: number): void {
  const box = screen.getByTestId('log-scroll')
  Object.defineProperty(box, 'scrollTop', { configurable: true, value: top })
  act(() => {
    fireEvent.scroll(box)
  })
}

describe('network log list', () => {
  it('keeps fewer than 200 rows in the DOM for 10,000 entries, and scrolling shows later rows', () => {
    expect(all).toHaveLength(N)
    render(<LogList entries={all} selectedId={null} onSelect={() => {}} />)
    const visibleRows = Math.ceil(VIEWPORT / ROW_HEIGHT)
    scrollTo(0)
    expect(rows().length).toBeGreaterThanOrEqual(visibleRows)
    expect(rows().length).toBeLessThan(200)
    expect(seqs()[0]).toBe(1)
    expect(screen.getByRole('table', { name: 'Network log' }).getAttribute('aria-rowcount')).toBe(String(N + 1))

    scrollTo(5000 * ROW_HEIGHT)
    expect(rows().length).toBeLessThan(200)
    expect(seqs()).toContain(5001)
    expect(seqs()).not.toContain(1)

    scrollTo(N * ROW_HEIGHT)
    expect(rows().length).toBeLessThan(200)
    expect(seqs()).toContain(N)
    const last = rows().find(r => r.getAttribute('data-index') === String(N - 1)) as HTMLElement
    expect(within(last).getByRole('button').textContent).toContain(`/api/v1/item/${N - 1}`)
  })

  it('draws each completed exchange as its phases (connect, send, wait, receive) in the list, proportionally', () => {
    render(<LogList entries={all.slice(1, 3)} selectedId={null} onSelect={() => {}} />)
    const [row] = rows()
    const phases = [...(row?.querySelectorAll<HTMLElement>('.netlog__phase') ?? [])]
    expect(phases.map(p => p.className.replace('netlog__phase netlog__phase--', ''))).toEqual([
      'blocked',
      'connect',
      'send',
      'wait',
      'receive',
    ])
    const widths = phases.map(p => Number.parseFloat(p.style.width))
    // CSS serialisation rounds each width (jsdom 31 keeps 6 significant digits), so the sum is 100 to a few decimals.
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 3)
    const timings = all[1]?.timings
    expect(timings).toBeTruthy()
    expect(widths[3]! / widths[1]!).toBeCloseTo((timings?.wait ?? 0) / (timings?.connect ?? 1), 5)
  })

  it('selects an entry by click and moves the selection with the arrow keys', () => {
    let selected: string | null = null
    const { rerender } = render(<LogList entries={all} selectedId={null} onSelect={id => (selected = id)} />)
    scrollTo(0)
    fireEvent.click(within(rows()[2] as HTMLElement).getByRole('button'))
    expect(selected).toBe(all[2]?.id)
    rerender(<LogList entries={all} selectedId={selected} onSelect={id => (selected = id)} />)
    expect(rows()[2]?.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(within(rows()[2] as HTMLElement).getByRole('button'), { key: 'ArrowDown' })
    expect(selected).toBe(all[3]?.id)
  })

  it.each([
    ['method', 'method:DELETE'],
    ['status class 4xx', 'status:4xx'],
    ['failed', 'status:failed'],
    ['text', 'item/12'],
    ['all three, one negated', 'method:GET -status:2xx page=1'],
  ])('shows what the engine’s log:match answers for %s (%s)', (_name, query) => {
    const ids = new Set(log.match(query).ids)
    const shown = all.filter(e => ids.has(e.id))
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.length).toBeLessThan(all.length)
    expect(shown.length).toBe(log.list({ query, limit: N }).total)

    render(<LogList entries={shown} selectedId={null} onSelect={() => {}} />)
    scrollTo(0)
    expect(rows().length).toBeLessThan(200)
    for (const row of rows()) {
      const cells = within(row)
        .getAllByRole('cell')
        .map(c => c.textContent ?? '')
      if (query.includes('method:DELETE')) expect(cells[1]).toBe('DELETE')
      if (query.includes('method:GET')) expect(cells[1]).toBe('GET')
      if (query === 'status:4xx') expect(cells[2]).toMatch(/^4\d\d$/)
      if (query.includes('-status:2xx')) expect(cells[2]).not.toMatch(/^2\d\d$/)
      if (query === 'item/12') expect(within(row).getByRole('button').getAttribute('title')).toContain('item/12')
    }
  })

  it('the cached log takes live entries in order, completes pending ones, and reports a sequence gap', () => {
    let view = mergeList(all.slice(0, 100), 20_000, undefined)
    const next = all[100] as LogEntrySummary
    const first = upsertEntries(view, [{ ...next, state: 'pending', status: null }, next])
    expect(first.gap).toBe(false)
    view = first.view
    expect(view.entries).toHaveLength(101)
    expect(view.entries[100]).toEqual(next)
    // A completion never goes back to pending when events arrive out of order.
    view = upsertEntries(view, [{ ...next, state: 'pending', status: null }]).view
    expect(view.entries[100]?.state).toBe(next.state)
    // Entry 103 after 101: 102 was missed (events dropped), so the list must be re-read.
    expect(upsertEntries(view, [all[102] as LogEntrySummary]).gap).toBe(true)
  })

  it('a full list merges with entries that arrived by event meanwhile, and keeps within the capacity', () => {
    // Before the first list: events wait in the cache, no gap can be judged yet.
    const early = upsertEntries(EMPTY_LOG, [all[150] as LogEntrySummary])
    expect(early.gap).toBe(false)
    const merged = mergeList(all.slice(0, 100), 20_000, early.view)
    expect(merged.loaded).toBe(true)
    expect(merged.entries.map(e => e.id)).toEqual([...all.slice(0, 100), all[150] as LogEntrySummary].map(e => e.id))
    expect(mergeList(all.slice(0, 100), 30, undefined).entries).toEqual(all.slice(70, 100))
  })
})

describe('network log detail', () => {
  it('shows a redacted Authorization as a chip with the token’s fingerprint, never the token', () => {
    const entry = log.get((all[0] as LogEntrySummary).id)
    render(<HeadersTable headers={entry.requestHeaders} label="Request headers" />)
    const table = screen.getByRole('table', { name: 'Request headers' })
    expect(table.textContent).not.toContain(TOKEN)
    const chip = within(table).getByTestId('redaction-chip')
    expect(chip.getAttribute('data-fingerprint')).toBe(fingerprint(TOKEN))
    expect(chip.textContent).toContain('access_token')
    expect(within(table).getByRole('row').textContent).toMatch(/^AuthorizationBearer /)
  })

  it('lays the phases end to end in the timing waterfall and says why a phase is missing', () => {
    const entry = log.get((all[1] as LogEntrySummary).id)
    render(<TimingWaterfall timings={entry.timings!} />)
    const table = screen.getByRole('table', { name: 'Timing waterfall' })
    expect(within(table).getByRole('row', { name: /Connect/ }).textContent).toContain('1.10 ms')
    expect(within(table).getByRole('row', { name: /DNS lookup/ }).textContent).toContain('IP address, no lookup')
    expect(within(table).getByRole('row', { name: /TLS handshake/ }).textContent).toContain('plain http')
    const bar = (name: RegExp) => within(table).getByRole('row', { name }).querySelector<HTMLElement>('.waterfall__bar')
    const left = (name: RegExp) => Number.parseFloat(bar(name)?.style.left ?? 'NaN')
    expect(left(/Connect/)).toBeLessThan(left(/Request sent/))
    expect(left(/Request sent/)).toBeLessThan(left(/Waiting/))
    expect(left(/Waiting/)).toBeLessThan(left(/Content download/))
    expect(within(table).getByRole('row', { name: /Total/ }).textContent).toContain(`${entry.timings!.total.toFixed(2)} ms`)
  })
})
