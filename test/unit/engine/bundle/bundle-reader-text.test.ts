import { describe, expect, it } from 'vitest'
import { readBundle } from '../../../../src/main/engine/bundle/bundle-reader'
import { BUNDLE_FORMAT } from '../../../../src/shared/contract'

/** A bundle of `count` entries with characters of one to four UTF-8 bytes, several megabytes of text. */
function bundleText(count: number): { text: string; entries: unknown[] } {
  const entries = Array.from({ length: count }, (_, i) => ({
    startedDateTime: new Date(Date.UTC(2025, 0, 1) + i).toISOString(),
    time: i % 97,
    request: { method: 'GET', url: `https://api.partner.example/api/v1/locations/${i}?q=é✓😀${'é'.repeat(i % 13)}` },
    response: { status: 200, statusText: 'OK', content: { text: `{"name":"Café ${i} 😀${'✓'.repeat(i % 7)}"}` } },
  }))
  const bundle = {
    format: BUNDLE_FORMAT,
    version: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    consoleVersion: '0',
    note: 'pieces ✓',
    environment: null,
    clockSkew: null,
    quotas: [],
    tokens: { access: null, refresh: null },
    lifecycle: [],
    har: { log: { version: '1.2', creator: { name: 't', version: '1' }, entries } },
  }
  return { text: JSON.stringify(bundle), entries }
}

describe('a bundle opened from its text', () => {
  it('reads every entry back exactly, those that lie across the text’s encoded pieces too', async () => {
    const { text, entries } = bundleText(12_000)
    expect(text.length).toBeGreaterThan(3 * 512 * 1024)
    const read = await readBundle(text)
    expect(read.count).toBe(entries.length)
    expect(read.bundle.note).toBe('pieces ✓')
    for (let i = 0; i < entries.length; i++) expect(await read.take(i)).toEqual(entries[i])
    await read.close()
  })

  it('refuses a broken text that is several pieces long, naming where', async () => {
    const { text } = bundleText(12_000)
    // A second comma between two entries, a few pieces into the text.
    const at = text.indexOf('},{"startedDateTime"', 2_000_000) + 2
    const broken = `${text.slice(0, at)},${text.slice(at)}`
    const error = await readBundle(broken).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/not JSON/) })
    expect((error as Error).message).toContain(String(Buffer.byteLength(text.slice(0, at))))
  })

  it('reads a bundle from its UTF-8 bytes, in chunks cut inside characters, every entry exactly', async () => {
    const { text, entries } = bundleText(3_000)
    const bytes = Buffer.from(text, 'utf8')
    const chunks: Uint8Array[] = []
    for (let at = 0; at < bytes.length; at += 65_537) chunks.push(bytes.subarray(at, at + 65_537))
    for (const source of [chunks, bytes]) {
      const read = await readBundle(source)
      expect(read.count).toBe(entries.length)
      for (let i = 0; i < entries.length; i += 7) expect(await read.take(i)).toEqual(entries[i])
      expect(await read.take(entries.length - 1)).toEqual(entries.at(-1))
      await read.close()
    }
  })
})
