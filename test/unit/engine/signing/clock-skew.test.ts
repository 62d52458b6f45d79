import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ClockSkewEstimator, type SkewEstimate, skewLevel } from '../../../../src/main/engine/signing/clock-skew'
import { signingTime, signingTimestamp } from '../../../../src/main/engine/signing/signing-timestamp'

const T0 = Date.UTC(2025, 4, 1, 12, 0, 0)

/** A response that left the server when its clock read `serverMs`, seen locally between sentAt and receivedAt. */
function sample(serverMs: number, sentAt: number, receivedAt: number) {
  return { serverDate: new Date(serverMs).toUTCString(), sentAt, receivedAt }
}

describe('ClockSkewEstimator', () => {
  it('knows nothing before the first Date, and serverNow is then the local time', () => {
    const skew = new ClockSkewEstimator({ now: () => T0 })
    expect(skew.estimate()).toBeNull()
    expect(skew.serverNow()).toBe(T0)
  })

  it('estimates the offset from the NTP midpoint, within the 1 s Date resolution', () => {
    const skew = new ClockSkewEstimator({ now: () => T0 })
    // Server 4.3 s ahead; each request takes 40 ms and the server answers in the middle.
    for (let i = 0; i < 5; i++) {
      const sentAt = T0 + i * 1_370
      skew.observe(sample(sentAt + 20 + 4_300, sentAt, sentAt + 40))
    }
    const e = skew.estimate()!
    expect(Math.abs(e.offsetMs - 4_300)).toBeLessThanOrEqual(e.uncertaintyMs)
    expect(e.uncertaintyMs).toBeLessThanOrEqual(520)
    expect(e).toMatchObject({ samples: 5, level: 'warn' })
    expect(skew.serverNow()).toBe(T0 + e.offsetMs)
  })

  it('takes the median, so one slow response does not move the estimate', () => {
    const skew = new ClockSkewEstimator({ now: () => T0 })
    for (let i = 0; i < 4; i++) skew.observe(sample(T0 + i * 1000 + 500, T0 + i * 1000 + 490, T0 + i * 1000 + 510))
    const before = skew.estimate()!.offsetMs
    skew.observe(sample(T0 + 9_000, T0 + 4_000, T0 + 9_000)) // 5 s in flight
    expect(Math.abs(skew.estimate()!.offsetMs - before)).toBeLessThan(300)
  })

  it('grows the uncertainty with the round trip', () => {
    const fast = new ClockSkewEstimator({ now: () => T0 })
    const slow = new ClockSkewEstimator({ now: () => T0 })
    fast.observe(sample(T0, T0 - 10, T0 + 10))
    slow.observe(sample(T0, T0 - 1_000, T0 + 1_000))
    expect(fast.estimate()!.uncertaintyMs).toBe(510)
    expect(slow.estimate()!.uncertaintyMs).toBe(1_500)
  })

  it('classifies against the 10 s lifetime: ok below 3 s, warn from 3 s, danger from 7 s', () => {
    expect([skewLevel(2_999), skewLevel(-3_000), skewLevel(6_999), skewLevel(7_000), skewLevel(-30_000)]).toEqual([
      'ok',
      'warn',
      'warn',
      'danger',
      'danger',
    ])
  })

  it('ignores responses without a usable Date or with a negative round trip', () => {
    const skew = new ClockSkewEstimator({ now: () => T0 })
    skew.observe({ serverDate: 'not a date', sentAt: T0, receivedAt: T0 + 5 })
    skew.observe(sample(T0, T0 + 5, T0))
    expect(skew.estimate()).toBeNull()
  })

  it('uses a precise server time with the round trip as the only uncertainty', () => {
    const skew = new ClockSkewEstimator({ now: () => T0 })
    skew.observe({ serverDate: '', serverTimeMs: T0 + 12_345, sentAt: T0 - 4, receivedAt: T0 + 4, source: 'sandbox clock' })
    expect(skew.estimate()).toMatchObject({ offsetMs: 12_345, uncertaintyMs: 4, level: 'danger', source: 'sandbox clock' })
  })

  it("names the last response's request as the source, reading its path only when the estimate is read", () => {
    const skew = new ClockSkewEstimator({ now: () => T0 })
    let pathReads = 0
    const request = (method: string, path: string) => ({
      method,
      url: {
        get pathname() {
          pathReads++
          return path
        },
      },
    })
    for (let i = 0; i < 50; i++) skew.observe({ ...sample(T0 + 500, T0, T0 + 10), request: request('GET', `/api/v1/items/${i}`) })
    skew.observe({ ...sample(T0 + 500, T0, T0 + 10), request: request('POST', '/api/v1/last') })
    // One read for the first (meaningful) estimate announced, one for this one: not one per response.
    expect(skew.estimate()?.source).toBe('POST /api/v1/last')
    expect(pathReads).toBeLessThanOrEqual(2)
    skew.observe({ ...sample(T0 + 500, T0, T0 + 10), source: 'sandbox clock', request: request('GET', '/ignored') })
    expect(skew.estimate()?.source).toBe('sandbox clock')
  })

  it("gives the same estimates and announcements for a response's fields as for its sample, whatever Dates repeat", () => {
    // A few Date texts (one unparseable) drawn again and again: the executor's path parses a text only when it changes.
    const dates = [T0, T0 + 1_000, T0 + 4_000, T0 - 9_000].map(t => new Date(t).toUTCString()).concat('Xyz, 99 Foo')
    const response = fc.record({
      date: fc.nat(dates.length - 1),
      sentAt: fc.integer({ min: -3_000, max: 3_000 }),
      rtt: fc.integer({ min: -5, max: 900 }),
    })
    fc.assert(
      fc.property(fc.array(response, { maxLength: 40 }), responses => {
        const heard: SkewEstimate[][] = [[], []]
        const bySample = new ClockSkewEstimator({ now: () => T0 })
        const byFields = new ClockSkewEstimator({ now: () => T0 })
        bySample.subscribe(e => heard[0]?.push(e))
        byFields.subscribe(e => heard[1]?.push(e))
        for (const [i, r] of responses.entries()) {
          const request = { method: 'GET', url: { pathname: `/api/v1/items/${i}` } }
          const serverDate = dates[r.date] as string
          bySample.observe({ serverDate, sentAt: T0 + r.sentAt, receivedAt: T0 + r.sentAt + r.rtt, request })
          byFields.observeResponse(serverDate, T0 + r.sentAt, T0 + r.sentAt + r.rtt, request)
          expect(byFields.estimate()).toEqual(bySample.estimate())
        }
        expect(heard[1]).toEqual(heard[0])
      }),
    )
  })

  it('follows a jump of the server clock after three agreeing samples', () => {
    const skew = new ClockSkewEstimator({ now: () => T0, windowSize: 9 })
    for (let i = 0; i < 6; i++) skew.observe(sample(T0 + i * 100 + 500, T0 + i * 100 + 495, T0 + i * 100 + 505))
    expect(skew.estimate()!.level).toBe('ok')
    for (let i = 0; i < 3; i++) skew.observe(sample(T0 + 60_000 + i * 100, T0 + i * 100 - 5, T0 + i * 100 + 5))
    expect(skew.estimate()!.offsetMs).toBeGreaterThan(59_000)
    expect(skew.estimate()!.samples).toBe(3)
  })

  it('estimates from the last samples of its window only, however many came and jumped before (a model of the rule)', () => {
    // The rule, written plainly: keep the last `size` intervals; when the last three lie > 2 s + their half-width from
    // the estimate and within 2 s of each other (5 or more kept), keep only those three; median offset, and the
    // median half-width narrowed to the intersection of the intervals when the median lies inside it.
    const model = (size: number) => {
      let kept: Array<{ offset: number; halfWidth: number }> = []
      let offset: number | null = null
      return (o: number, h: number) => {
        kept.push({ offset: o, halfWidth: h })
        if (kept.length > size) kept.shift()
        const last = kept.slice(-3)
        if (kept.length >= 5 && offset !== null && last.every(s => Math.abs(s.offset - (offset as number)) > 2_000 + s.halfWidth)) {
          const os = last.map(s => s.offset)
          if (Math.max(...os) - Math.min(...os) <= 2_000) kept = last
        }
        const mid = (xs: number[]) => {
          const v = [...xs].sort((a, b) => a - b)
          return v.length % 2 ? (v[v.length >> 1] as number) : ((v[v.length / 2 - 1] as number) + (v[v.length / 2] as number)) / 2
        }
        const m = mid(kept.map(s => s.offset))
        const lo = Math.max(...kept.map(s => s.offset - s.halfWidth))
        const hi = Math.min(...kept.map(s => s.offset + s.halfWidth))
        let u = mid(kept.map(s => s.halfWidth))
        if (lo <= m && m <= hi) u = Math.min(u, Math.max(m - lo, hi - m))
        offset = Math.round(m)
        return { offsetMs: Math.round(m), uncertaintyMs: Math.round(u), samples: kept.length }
      }
    }
    const step = fc.record({
      ahead: fc.integer({ min: -30_000, max: 30_000 }),
      rtt: fc.integer({ min: 0, max: 3_000 }),
      precise: fc.boolean(),
    })
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.array(step, { minLength: 1, maxLength: 40 }), (size, steps) => {
        const skew = new ClockSkewEstimator({ now: () => T0, windowSize: size })
        const expected = model(size)
        steps.forEach(({ ahead, rtt, precise }, i) => {
          const sentAt = T0 + i * 997
          const server = sentAt + Math.floor(rtt / 2) + ahead
          skew.observe(precise ? { ...sample(server, sentAt, sentAt + rtt), serverTimeMs: server } : sample(server, sentAt, sentAt + rtt))
          const date = Math.floor(server / 1000) * 1000
          const mid = sentAt + rtt / 2
          const want = precise ? expected(server - mid, rtt / 2) : expected(date + 500 - mid, 500 + rtt / 2)
          expect(skew.estimate()).toMatchObject(want)
        })
      }),
      { numRuns: 300 },
    )
  })

  it('tells listeners about meaningful changes only', () => {
    const skew = new ClockSkewEstimator({ now: () => T0 })
    const heard: SkewEstimate[] = []
    skew.subscribe(e => heard.push(e))
    for (let i = 0; i < 5; i++) skew.observe(sample(T0 + 500, T0 - 10, T0 + 10))
    expect(heard).toHaveLength(1)
    for (let i = 0; i < 5; i++) skew.observe(sample(T0 + 8_500, T0 - 10, T0 + 10))
    expect(heard.length).toBeGreaterThanOrEqual(2)
    expect(heard.at(-1)!.level).toBe('danger')
  })
})

describe('signingTimestamp', () => {
  it('uses the local clock by default and the server estimate when chosen', () => {
    const skew = new ClockSkewEstimator()
    const now = Date.now()
    skew.observe({ serverDate: '', serverTimeMs: now + 30_000, sentAt: now, receivedAt: now })
    const local = signingTimestamp(skew)
    expect(Math.abs(local - Date.now() / 1000)).toBeLessThan(2)
    skew.timeSource = 'server'
    const server = signingTime(skew)
    expect(server.usedServerTime).toBe(true)
    expect(server.timestamp - server.localTimestamp).toBeGreaterThanOrEqual(29)
    expect(server.timestamp - server.localTimestamp).toBeLessThanOrEqual(31)
  })

  it('falls back to the local clock when no estimate exists', () => {
    const skew = new ClockSkewEstimator()
    skew.timeSource = 'server'
    expect(signingTime(skew).usedServerTime).toBe(false)
    expect(Math.abs(signingTimestamp(skew) - Date.now() / 1000)).toBeLessThan(2)
  })
})
