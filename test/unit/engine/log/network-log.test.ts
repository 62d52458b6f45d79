import { describe, expect, it } from 'vitest'
import { ConsoleError } from '../../../../src/main/engine/core/console-error'
import { type BeginCapture, NetworkLog, summarize } from '../../../../src/main/engine/log/network-log'
import type { LogEntry, LogEntrySummary } from '../../../../src/shared/contract'

function request(i: number, extra: Partial<BeginCapture> = {}): BeginCapture {
  return {
    method: i % 2 === 0 ? 'GET' : 'POST',
    url: `http://127.0.0.1:1/items/${i}?page=${i}`,
    purpose: 'api',
    auth: 'none',
    requestHeaders: [{ name: 'accept', value: '*/*' }],
    requestBody: null,
    ...extra,
  }
}

function respond(log: NetworkLog, pending: LogEntry, status: number, body = '') {
  log.complete(pending, {
    status,
    statusText: status === 200 ? 'OK' : 'Error',
    responseHeaders: [{ name: 'content-type', value: 'text/plain' }],
    responseBody: { text: body, size: Buffer.byteLength(body), mimeType: 'text/plain' },
    timings: null,
    durationMs: 3,
  })
}

describe('the network log', () => {
  it('streams a summary when an entry starts and when it completes', () => {
    const seen: LogEntrySummary[] = []
    const log = new NetworkLog({}, { onEntry: e => seen.push(summarize(e)) })
    const begun = log.begin(request(1))
    const id = begun.id
    respond(log, begun, 200, 'hello')
    expect(seen.map(s => [s.id, s.state, s.status])).toEqual([
      [id, 'pending', null],
      [id, 'done', 200],
    ])
    expect(seen[1]).toMatchObject({ host: '127.0.0.1:1', path: '/items/1?page=1', responseBytes: 5 })
    expect(log.get(id).responseBody).toMatchObject({ text: 'hello', size: 5, truncated: false, evicted: false })
  })

  it('keeps at most `capacity` entries, dropping the oldest', () => {
    const log = new NetworkLog({ capacity: 10 })
    const ids = Array.from({ length: 25 }, (_, i) => log.begin(request(i)).id)
    expect(log.size).toBe(10)
    expect(() => log.get(ids[0] as string)).toThrow(ConsoleError)
    expect(log.get(ids[24] as string).seq).toBe(25)
    log.configure({ capacity: 10, maxBodyChars: 100 })
    expect(log.list().total).toBe(10)
  })

  it('cuts each body at maxBodyChars and drops the oldest bodies past the budget, keeping the entries', () => {
    const log = new NetworkLog({ maxBodyChars: 1000, bodyBudgetChars: 5000 })
    const ids: string[] = []
    for (let i = 0; i < 20; i++) {
      const begun = log.begin(request(i))
      respond(log, begun, 200, 'x'.repeat(3000))
      ids.push(begun.id)
    }
    expect(log.keptBodyChars).toBeLessThanOrEqual(5000)
    const newest = log.get(ids[19] as string).responseBody
    expect(newest).toMatchObject({ size: 3000, truncated: true, evicted: false })
    expect(newest?.text).toHaveLength(1000)
    const oldest = log.get(ids[0] as string)
    expect(oldest.responseBody).toMatchObject({ text: '', evicted: true, size: 3000 })
    expect(oldest.status).toBe(200)
  })

  it('hands the caller the completed entry with both bodies whole while its own copy is cut, then evicted', () => {
    const log = new NetworkLog({ maxBodyChars: 10, bodyBudgetChars: 25 })
    const begun = log.begin(request(2, { requestBody: { text: 'r'.repeat(40), size: 40, mimeType: 'text/plain' } }))
    const done = log.complete(begun, {
      status: 201,
      statusText: 'Created',
      responseHeaders: [],
      responseBody: { text: 'b'.repeat(30), size: 30, mimeType: 'text/plain' },
      timings: null,
      durationMs: 1.23456,
      notes: ['a note'],
    })
    expect(done).toMatchObject({ state: 'done', status: 201, durationMs: 1.235, truncated: false, notes: ['a note'] })
    expect(done.requestBody?.text).toHaveLength(40)
    expect(done.responseBody?.text).toHaveLength(30)
    const kept = log.get(begun.id)
    expect(kept).toMatchObject({ state: 'done', status: 201, truncated: true, notes: ['a note'] })
    expect([kept.requestBody?.text.length, kept.responseBody?.text.length]).toEqual([10, 10])
    for (let i = 0; i < 3; i++) respond(log, log.begin(request(i)), 200, 'x'.repeat(20))
    expect(log.get(begun.id).responseBody).toMatchObject({ text: '', evicted: true })
    expect(done.responseBody?.text).toHaveLength(30)
    expect(done.requestBody?.text).toHaveLength(40)
  })

  it('keeps the caller entry as completed whatever the log later evicts or notes, bodies within the cap or not', () => {
    // [request body, response body] lengths against a cap of 10: both within, the request cut, the response cut.
    for (const [req, res] of [
      [8, 9],
      [40, 9],
      [8, 30],
    ] as const) {
      const log = new NetworkLog({ maxBodyChars: 10, bodyBudgetChars: 25 })
      const begun = log.begin(request(2, { requestBody: { text: 'r'.repeat(req), size: req, mimeType: 'text/plain' } }))
      respond(log, begun, 200, 'b'.repeat(res))
      const before = structuredClone(begun)
      const kept = log.get(begun.id)
      expect([kept.requestBody?.text.length, kept.responseBody?.text.length]).toEqual([Math.min(req, 10), Math.min(res, 10)])
      expect(kept.truncated).toBe(res > 10)
      const noted = log.addNote(begun, 'not retried')
      expect(noted.notes).toEqual(['not retried'])
      expect(log.get(begun.id).notes).toEqual(['not retried'])
      for (let i = 0; i < 3; i++) respond(log, log.begin(request(i)), 200, 'x'.repeat(10))
      expect(log.get(begun.id)).toMatchObject({
        requestBody: { text: '', evicted: true },
        responseBody: { text: '', evicted: true },
        notes: ['not retried'],
        status: 200,
      })
      expect(begun).toEqual(before)
      expect(noted).toEqual({ ...before, notes: ['not retried'] })
    }
  })

  it('evicts the bodies of an entry still pending, and completes it with the response body after', () => {
    const log = new NetworkLog({ maxBodyChars: 10, bodyBudgetChars: 15 })
    const begun = log.begin(request(2, { requestBody: { text: 'r'.repeat(8), size: 8, mimeType: 'text/plain' } }))
    respond(log, log.begin(request(3)), 200, 'x'.repeat(10))
    expect(log.get(begun.id).requestBody).toMatchObject({ text: '', evicted: true })
    respond(log, begun, 200, 'b'.repeat(4))
    expect(log.get(begun.id)).toMatchObject({ state: 'done', requestBody: { evicted: true }, responseBody: { text: 'bbbb' } })
    expect(begun.requestBody?.text).toBe('r'.repeat(8))
  })

  it('lists newest first, filtered by method, status, status class, state and text, with paging', () => {
    const log = new NetworkLog()
    for (let i = 0; i < 12; i++) respond(log, log.begin(request(i)), i < 4 ? 200 : i < 8 ? 404 : 500)
    log.begin(request(100))
    expect(log.list({ limit: 3 }).entries.map(e => e.seq)).toEqual([13, 12, 11])
    expect(log.list({ offset: 3, limit: 2 }).entries.map(e => e.seq)).toEqual([10, 9])
    expect(log.list({ method: 'post' }).total).toBe(6)
    expect(log.list({ status: 404 }).total).toBe(4)
    expect(log.list({ status: '5xx' }).total).toBe(4)
    expect(log.list({ status: '2xx', method: 'GET' }).total).toBe(2)
    expect(log.list({ status: 'pending' }).entries.map(e => e.seq)).toEqual([13])
    expect(log.list({ text: 'ITEMS/7' }).entries.map(e => e.seq)).toEqual([8])
    expect(log.list({}).size).toBe(13)
  })

  it('records failures with their message and no status', () => {
    const log = new NetworkLog()
    const begun = log.begin(request(1))
    const id = begun.id
    log.complete(begun, {
      status: 0,
      statusText: '',
      responseHeaders: [],
      responseBody: null,
      timings: null,
      durationMs: 5,
      error: 'refused',
    })
    expect(log.get(id)).toMatchObject({ state: 'failed', status: null, error: 'refused', responseBytes: null })
    expect(log.list({ status: 'failed' }).total).toBe(1)
  })

  it('clears everything and says so; get of an unknown id is a typed not_found', () => {
    let cleared = 0
    const log = new NetworkLog({}, { onCleared: () => cleared++ })
    log.begin(request(1))
    expect(log.clear()).toBe(1)
    expect(cleared).toBe(1)
    expect(log.size).toBe(0)
    try {
      log.get('log-1')
      expect.unreachable()
    } catch (error) {
      expect((error as ConsoleError).code).toBe('not_found')
    }
  })

  it('hands out copies: changing what get returned does not change the log', () => {
    const log = new NetworkLog()
    const id = log.begin(request(1)).id
    const copy = log.get(id)
    copy.url = 'changed'
    expect(log.get(id).url).not.toBe('changed')
  })
})
