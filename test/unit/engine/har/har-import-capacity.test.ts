import { describe, expect, it } from 'vitest'
import { SecretRegistry } from '../../../../src/main/engine/core/secret-registry'
import { NetworkLog } from '../../../../src/main/engine/log/network-log'
import { logFormatsFor } from '../../../support/log-formats'

/** `count` entries, each with a bearer token in its request; the entries at `bad` have a method HTTP cannot send. */
function harOf(count: number, bad: number[] = []): string {
  const entry = (i: number) => ({
    startedDateTime: new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString(),
    time: 1,
    request: {
      method: bad.includes(i) ? 'GE T' : 'GET',
      url: `https://api.partner.example/api/v1/locations/${i}`,
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Authorization', value: `Bearer sbx_at_imported_${i}_0123456789abcdef` }],
    },
    response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', headers: [], content: { size: 2, text: '{}' }, redirectURL: '' },
    timings: { send: 0, wait: 1, receive: 0 },
  })
  return JSON.stringify({
    log: { version: '1.2', creator: { name: 't', version: '1' }, entries: Array.from({ length: count }, (_, i) => entry(i)) },
  })
}

function setup(capacity: number) {
  const secrets = new SecretRegistry()
  const perEntry: string[] = []
  const announced: number[] = []
  const log = new NetworkLog({ capacity }, { onEntry: e => perEntry.push(e.id), onImported: added => announced.push(added) })
  const formats = logFormatsFor(log, secrets)
  return { log, formats, perEntry, announced }
}

describe('a HAR larger than the network log holds', () => {
  it('counts every entry, keeps the newest the log holds (redacted), still names skipped ones, and says so in bulk', async () => {
    const { log, formats, perEntry, announced } = setup(100)
    // Bad entries among those the log will not keep, and among those it keeps.
    const result = await formats.openHar(harOf(1000, [3, 950]))
    expect(result.imported).toBe(998)
    expect(result.dropped).toBe(898)
    expect(result.skipped.map(s => s.index)).toEqual([3, 950])
    expect(result.skipped[0]?.problem).toMatch(/^log\.entries\[3\]\.request\.method/)
    expect(result.ids).toHaveLength(100)
    expect(log.size).toBe(100)
    const kept = log.entries()
    // The newest valid ones, in file order: entry 899 up to 999, without the bad 950.
    expect(kept[0]?.url).toBe('https://api.partner.example/api/v1/locations/899')
    expect(kept.at(-1)?.url).toBe('https://api.partner.example/api/v1/locations/999')
    expect(kept.map(e => e.url)).not.toContain('https://api.partner.example/api/v1/locations/950')
    expect(kept.every(e => e.imported)).toBe(true)
    expect(JSON.stringify(kept)).not.toContain('sbx_at_imported_')
    // No event per entry: the log said, in bulk, how many came.
    expect(perEntry).toEqual([])
    expect(announced.reduce((a, b) => a + b, 0)).toBe(100)
  })

  it('keeps every entry of a HAR within the capacity, and an entry added on its own still has its own event', async () => {
    const { log, formats, perEntry, announced } = setup(100)
    const result = await formats.openHar(harOf(40, [5]))
    expect(result).toMatchObject({ imported: 39, dropped: 0 })
    expect(result.ids).toHaveLength(39)
    expect(log.size).toBe(39)
    expect(announced.reduce((a, b) => a + b, 0)).toBe(39)
    const one = JSON.parse(harOf(1)).log.entries[0]
    const added = formats.importEntry(one, 0)
    expect(perEntry).toEqual(['id' in added ? added.id : 'none'])
  })
})
