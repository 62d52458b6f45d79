// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type QuotaKey, quotaKey } from '../../../src/main/engine/quota/quota-key'
import { QuotaTracker } from '../../../src/main/engine/quota/quota-tracker'
import { hottest, quotaLevel } from '../../../src/renderer/src/domain/quota-model'
import { QuotaGauge } from '../../../src/renderer/src/features/quotas/quota-gauge'
import type { QuotaBlockedEvent, QuotaKeyState } from '../../../src/shared/contract'

// The gauges are fed by the engine's own QuotaTracker (the object behind `quota:list` / `quota:update`), driven with
// real requests' headers, typed by the engine's class (tsconfig.web-tests.json).

const trackers: QuotaTracker[] = []
const blocked: QuotaBlockedEvent[] = []

async function engine(): Promise<{ tracker: QuotaTracker; key: (method: string, path: string) => QuotaKey }> {
  const tracker = new QuotaTracker({ now: () => Date.now(), onBlocked: (e: QuotaBlockedEvent) => blocked.push(e) })
  trackers.push(tracker)
  return { tracker, key: (method, path) => quotaKey('client-a', method, path) }
}

/** Sends `n` requests to a key and answers each as a server with `limit` would (X-RateLimit-* headers). */
function exchange(tracker: QuotaTracker, key: QuotaKey, n: number, limit: number, usedBefore = 0): QuotaKeyState {
  let state = tracker.state(key)
  for (let i = 0; i < n; i++) {
    const ticket = tracker.recordSend(key)
    const used = usedBefore + i + 1
    const over = used > limit
    state = tracker.observe(ticket, {
      status: over ? 429 : 200,
      headers: {
        'x-ratelimit-limit': String(limit),
        'x-ratelimit-remaining': String(Math.max(0, limit - used)),
        ...(over ? { 'retry-after': '30' } : {}),
      },
    })
  }
  return state
}

const T0 = Date.parse('2026-11-22T10:30:20Z')

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'] })
  vi.setSystemTime(T0)
})

afterEach(() => {
  cleanup()
  for (const t of trackers.splice(0)) t.close()
  blocked.length = 0
  vi.useRealTimers()
})

function gauge(name: string) {
  return screen.getByRole('article', { name: `Quota ${name}` })
}

describe('quota gauges', () => {
  it.each([
    { sent: 1, limit: 10, level: 'ok', remaining: '9/10' },
    { sent: 9, limit: 10, level: 'low', remaining: '1/10' },
    { sent: 2, limit: 2, level: 'empty', remaining: '0/2' },
  ])('after $sent of $limit requests the gauge is $level ($remaining)', async ({ sent, limit, level, remaining }) => {
    const { tracker, key } = await engine()
    const k = key('GET', '/marketplace/v2/platform-token/locations')
    const state = exchange(tracker, k, sent, limit)
    expect(quotaLevel(state, Date.now())).toBe(level)
    render(<QuotaGauge state={state} onReset={() => {}} />)
    const card = gauge('GET /marketplace/v2/platform-token/locations')
    expect(card.getAttribute('data-level')).toBe(level)
    expect(within(card).getByTestId('quota-remaining').textContent).toBe(remaining)
    expect(within(card).getByTestId('quota-used').textContent).toBe(String(sent))
    const meter = within(card).getByRole('meter', {
      name: `GET /marketplace/v2/platform-token/locations: ${limit - sent} of ${limit} remaining`,
    })
    expect(Number((meter as HTMLMeterElement).value)).toBe(limit - sent)
    expect(within(card).getByTestId('quota-server').textContent).toContain(`${limit - sent} remaining`)
    expect(within(card).getByTestId('quota-predicted').textContent).toContain(`${limit - sent} remaining now`)
    // The first counted request leaves the rolling hour (3600 s) first: that is when a unit returns.
    expect(within(card).getByTestId('quota-next-unit').textContent).toBe('in 1h 00m')
    expect(within(card).queryByRole('status')).toBeNull()
  })

  it('after a 429 it is blocked and counts Retry-After down, then unblocks', async () => {
    const { tracker, key } = await engine()
    const k = key('GET', '/marketplace/v2/platform-token/locations')
    const state = exchange(tracker, k, 3, 2)
    expect(state.lastStatus).toBe(429)
    expect(blocked).toHaveLength(1)
    expect(blocked[0]).toMatchObject({ seconds: 30, source: 'retry-after' })
    const { rerender } = render(<QuotaGauge state={state} block={blocked[0]} onReset={() => {}} />)
    const card = gauge('GET /marketplace/v2/platform-token/locations')
    expect(card.getAttribute('data-level')).toBe('blocked')
    const status = within(card).getByRole('status', { name: 'Blocked: GET /marketplace/v2/platform-token/locations' })
    expect(status.textContent).toContain('429 Too Many Requests')
    expect(status.textContent).toContain('retry in 30s')
    expect(status.textContent).toContain('Retry-After 30 s')
    // The refused request is not counted: the server does not count refusals.
    expect(within(card).getByTestId('quota-used').textContent).toBe('2')

    act(() => vi.advanceTimersByTime(12_000))
    expect(within(card).getByRole('status').textContent).toContain('retry in 18s')

    act(() => vi.advanceTimersByTime(18_500))
    const after = tracker.state(k)
    expect(after.retryAfterUntil).toBeNull()
    rerender(<QuotaGauge state={after} onReset={() => {}} />)
    expect(card.getAttribute('data-level')).toBe('empty')
    expect(within(card).queryByRole('status')).toBeNull()
  })

  it('draws one sparkline bar per minute with requests over the last 60 minutes', async () => {
    const { tracker, key } = await engine()
    const k = key('POST', '/marketplace/v2/platform-token/installations')
    exchange(tracker, k, 3, 100)
    vi.setSystemTime(T0 + 8 * 60_000)
    exchange(tracker, k, 1, 100, 3)
    vi.setSystemTime(T0 + 10 * 60_000)
    const state = exchange(tracker, k, 2, 100, 4)
    render(<QuotaGauge state={state} onReset={() => {}} />)
    const spark = screen.getByRole('img', { name: /6 requests in the last 60 minutes/ })
    const bars = [...spark.querySelectorAll('rect')].map(r => Number(r.getAttribute('height')))
    expect(bars).toHaveLength(60)
    expect(bars.filter(h => h > 0)).toHaveLength(3)
    // Newest minute on the right; the tallest bar is the minute with 3 requests, ten minutes back.
    expect(bars[59]).toBeGreaterThan(0)
    expect(bars[49]).toBe(Math.max(...bars))
    expect(bars[51]).toBeLessThan(bars[59] as number)
  })

  it('names the hottest key: a blocked one first, else the lowest remaining ratio', async () => {
    const { tracker, key } = await engine()
    const a = exchange(tracker, key('GET', '/a'), 5, 10)
    const b = exchange(tracker, key('GET', '/b'), 9, 10)
    expect(hottest([a, b], Date.now())?.path).toBe('/b')
    const c = exchange(tracker, key('GET', '/c'), 2, 1)
    expect(hottest([a, b, c], Date.now())?.path).toBe('/c')
    expect(hottest([], Date.now())).toBeNull()
  })
})
