import { describe, expect, it } from 'vitest'
import { compareExchanges, replayOutcome } from '../../../../src/main/engine/requests/compare-exchanges'
import { diffJson, jsonEqual } from '../../../../src/main/engine/requests/json-diff'
import type { LogEntry, LoggedBody } from '../../../../src/shared/contract'

function entry(id: string, status: number | null, responseBody: LoggedBody | null): LogEntry {
  return {
    ...({} as LogEntry),
    id,
    method: 'GET',
    url: 'https://api.example.com/api/v1/locations',
    status,
    requestHeaders: [],
    requestBody: null,
    responseHeaders: [],
    responseBody,
    auth: 'none',
    imported: false,
    startedAt: '2026-01-01T00:00:00.000Z',
  }
}
const body = (text: string, over: Partial<LoggedBody> = {}): LoggedBody => ({
  text,
  size: Buffer.byteLength(text),
  mimeType: 'application/json',
  truncated: false,
  evicted: false,
  ...over,
})

/** The answer the full comparison gives for the replay's three outcomes. */
function fromComparison(a: LogEntry, b: LogEntry): string {
  const c = compareExchanges(a, b)
  return !c.status.equal ? 'different-status' : c.responseBody.equal ? 'same' : 'different-body'
}

const BODIES: Array<LoggedBody | null> = [
  null,
  body(''),
  body('{"a":1,"b":[1,2]}'),
  body('{ "b": [1, 2], "a": 1 }'),
  body('{"a":1,"b":[2,1]}'),
  body('{"a":1,"b":[1,2],"c":null}'),
  body('{"a":"1","b":[1,2]}'),
  body('[]'),
  body('{}'),
  body('5'),
  body(' 5'),
  body('"x"'),
  body('not json'),
  body('not json '),
  body('{"a":1,"b":[1,2]}', { evicted: true }),
  body('{"a":1', { truncated: true }),
]

describe('a replayed entry is counted exactly as the Compare view would judge it', () => {
  it('same, different status or different body: every pair of bodies and statuses agrees with compareExchanges', () => {
    let pairs = 0
    for (const [sa, sb] of [
      [200, 200],
      [200, 404],
      [null, 200],
    ] as const) {
      for (const ba of BODIES) {
        for (const bb of BODIES) {
          const a = entry('log-1', sa, ba)
          const b = entry('log-2', sb, bb)
          expect(`${ba?.text} vs ${bb?.text}: ${replayOutcome(a, b)}`).toBe(`${ba?.text} vs ${bb?.text}: ${fromComparison(a, b)}`)
          pairs++
        }
      }
    }
    expect(pairs).toBe(3 * BODIES.length ** 2)
  })

  it('JSON equality holds to the diff: equal exactly when the diff finds nothing, keys in any order, arrays in order', () => {
    const values: unknown[] = [
      0,
      5,
      '5',
      null,
      true,
      false,
      [],
      {},
      [1, 2],
      [2, 1],
      [1, [2]],
      { a: 1 },
      { a: 1, b: 2 },
      { b: 2, a: 1 },
      { a: { b: [1, { c: null }] } },
      { a: { b: [1, { c: 0 }] } },
    ]
    for (const x of values) {
      for (const y of values) expect([x, y, jsonEqual(x, y)]).toEqual([x, y, diffJson(x, y).total === 0])
    }
    // Deeper than any stack would allow: no overflow either way.
    let deep: unknown = 1
    let deeper: unknown = 1
    for (let i = 0; i < 100_000; i++) {
      deep = [deep]
      deeper = [deeper]
    }
    expect(jsonEqual(deep, deeper)).toBe(true)
  })
})
