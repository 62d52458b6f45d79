import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ConsoleError } from '../../../../src/main/engine/core/console-error'
import { SecretRegistry } from '../../../../src/main/engine/core/secret-registry'
import { SKIPPED_SLICE } from '../../../../src/main/engine/har/har-check-thread'
import { parseHar, readHarEntry } from '../../../../src/main/engine/har/har-import'
import { NetworkLog } from '../../../../src/main/engine/log/network-log'
import { Redactor } from '../../../../src/main/engine/log/redaction'
import type { FileText } from '../../../../src/shared/contract'
import { logFormatsFor } from '../../../support/log-formats'

/**
 * Files of about 750 K characters, checked in the worker thread by setting the in-place limit to 256 K (a HAR is checked
 * in place up to 4 Mi characters: files that size would make these tests slow without testing anything more).
 */
const ENTRIES = 1500
const WORKER = { inPlaceUpTo: 256 * 1024 }

function entryOf(i: number, bad: number[]): Record<string, unknown> {
  return {
    startedDateTime: new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString(),
    time: 3,
    request: {
      method: bad.includes(i) ? 'GE T' : i % 2 ? 'GET' : 'POST',
      url: `https://api.partner.example/oauth2/callback?code=sbx_ac_${i}_cccccccccc&state=s${i}`,
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Authorization', value: `Bearer sbx_at_offthread_${i}_0123456789abcdef` }],
      postData: {
        mimeType: 'application/x-www-form-urlencoded',
        text: `grant_type=refresh_token&refresh_token=sbx_rt_${i}_r&client_id=c1`,
      },
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      content: {
        size: 60,
        mimeType: 'application/json',
        text: JSON.stringify({ access_token: `sbx_at_body_${i}_abcdef`, note: 'é ✓ 😀' }),
      },
      redirectURL: '',
    },
    timings: { send: 1, wait: 1, receive: 1 },
  }
}

function harOf(entries: unknown[], version = '1.2'): string {
  return JSON.stringify({ log: { version, creator: { name: 't', version: '1' }, entries } })
}

/**
 * A text's UTF-8 cut into chunks of uneven sizes, as a socket brings them: some views into one larger buffer (not
 * theirs to move), some with memory of their own, and edges inside multi-byte characters.
 */
function chunksOf(bytes: Buffer): Uint8Array[] {
  const chunks: Uint8Array[] = []
  for (let at = 0, k = 0; at < bytes.length; k++) {
    const size = [65_521, 7, 300_001, 1][k % 4] as number
    const view = bytes.subarray(at, at + size)
    chunks.push(k % 2 ? view : new Uint8Array(view))
    at += size
  }
  return chunks
}

async function refusal(text: FileText): Promise<ConsoleError> {
  const error = await parseHar(text, new Redactor(new SecretRegistry()), WORKER).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ConsoleError)
  return error as ConsoleError
}

describe('a large HAR, checked in a thread of its own', () => {
  it('reads every kept entry exactly as the in-place reader does: redacted, bad ones named, the newest kept', async () => {
    const raw = Array.from({ length: ENTRIES }, (_, i) => entryOf(i, [7, 1490]))
    const text = harOf(raw)
    expect(text.length).toBeGreaterThan(256 * 1024)
    const redactor = new Redactor(new SecretRegistry())
    const { entries, valid, skipped } = await parseHar(text, redactor, { ...WORKER, keep: 400 })
    expect(valid).toBe(ENTRIES - 2)
    expect(skipped.map(s => s.index)).toEqual([7, 1490])
    expect(skipped[0]?.problem).toMatch(/^log\.entries\[7\]\.request\.method/)
    // The newest 400 valid entries, oldest first, each as readHarEntry builds it from the parsed entry on its own.
    const newest = raw
      .map((e, i) => ({ e, i }))
      .filter(({ i }) => i !== 7 && i !== 1490)
      .slice(-400)
    expect(entries).toEqual(newest.map(({ e, i }) => readHarEntry(e, i, redactor)))
    expect(JSON.stringify(entries)).not.toMatch(/sbx_at_offthread_|sbx_at_body_|sbx_rt_\d+_r/)
    expect(entries[0]?.bodies.response?.text).toContain('é ✓ 😀')
  })

  it('names every skipped entry, in order, when the file holds more bad entries than one message carries', async () => {
    const bad = Array.from({ length: SKIPPED_SLICE * 2 + 10 }, (_, i) => i + 3)
    const raw = Array.from({ length: bad.length + 5 }, (_, i) => entryOf(i, bad))
    const text = harOf(raw)
    const redactor = new Redactor(new SecretRegistry())
    const offThread = await parseHar(text, redactor, WORKER)
    const inPlace = await parseHar(text, redactor, { inPlaceUpTo: Number.POSITIVE_INFINITY })
    expect(offThread.skipped.map(s => s.index)).toEqual(bad)
    expect(offThread.skipped).toEqual(inPlace.skipped)
    expect(offThread.skipped.at(-1)?.problem).toMatch(new RegExp(`^log\\.entries\\[${bad.at(-1)}\\]\\.request\\.method`))
    expect(offThread.valid).toBe(5)
    expect(offThread.entries).toEqual(inPlace.entries)
  })

  it('adds them to the log and counts them all, through the log’s own import', async () => {
    const log = new NetworkLog({ capacity: 1000 })
    const result = await logFormatsFor(log).openHar(harOf(Array.from({ length: ENTRIES }, (_, i) => entryOf(i, []))))
    expect(result).toMatchObject({ imported: ENTRIES, dropped: ENTRIES - 1000 })
    expect(log.size).toBe(1000)
    const last = log.entries().at(-1)
    expect(last?.url).toContain(`state=s${ENTRIES - 1}`)
    expect(last?.url).not.toContain('sbx_ac_')
    expect(last?.imported).toBe(true)
  })

  it('refuses a file that is not JSON, not HAR, or has no readable entry, with the same sentences as a small one', async () => {
    const good = harOf(Array.from({ length: ENTRIES }, (_, i) => entryOf(i, [])))
    expect((await refusal(`${good.slice(0, -3)},]}}`)).message).toMatch(/^The file is not JSON, so it is not a HAR/)
    expect(
      (
        await refusal(
          harOf(
            Array.from({ length: ENTRIES }, (_, i) => entryOf(i, [])),
            '2.0',
          ),
        )
      ).message,
    ).toBe('HAR version 2.0 is not supported (1.1 and 1.2 are).')
    const allBad = await refusal(harOf(Array.from({ length: ENTRIES }, (_, i) => entryOf(i, [i]))))
    expect(allBad).toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(/^No entry of the HAR could be read: log\.entries\[0\]/),
    })
    expect((allBad.details as { skipped: unknown[] }).skipped).toHaveLength(50)
  })

  it('reads the file’s UTF-8 bytes, however they are cut, exactly as its text', async () => {
    const raw = Array.from({ length: ENTRIES }, (_, i) => entryOf(i, [7]))
    const text = harOf(raw)
    const redactor = new Redactor(new SecretRegistry())
    const fromText = await parseHar(text, redactor, { ...WORKER, keep: 300 })
    const bytes = Buffer.from(text, 'utf8')
    const chunks = chunksOf(bytes)
    const fromChunks = await parseHar(chunks, redactor, { ...WORKER, keep: 300 })
    expect(fromChunks).toEqual(fromText)
    // Chunks that are views into a larger buffer were copied, not moved: the buffer they share is intact.
    expect(bytes.equals(Buffer.from(text, 'utf8'))).toBe(true)
    expect(await parseHar(bytes, redactor, { ...WORKER, keep: 300 })).toEqual(fromText)
  })

  it('refuses bytes that are not UTF-8, large or small, naming the first bad byte', async () => {
    const text = harOf(Array.from({ length: ENTRIES }, (_, i) => entryOf(i, [])))
    const bytes = Buffer.from(text, 'utf8')
    const at = bytes.indexOf('é', 400_000)
    // The é's second byte replaced by ASCII: its first byte then starts no valid character.
    const broken = Buffer.from(bytes)
    broken[at + 1] = 0x41
    const large = await refusal(chunksOf(broken))
    expect(large).toMatchObject({ code: 'invalid_request', message: expect.stringContaining(`byte ${at} `), details: { byte: at } })
    const small = Buffer.from(harOf([entryOf(1, [])]), 'utf8')
    const smallAt = small.indexOf('é')
    small[smallAt] = 0xff
    expect(await refusal(small)).toMatchObject({
      message: `The HAR file is not UTF-8 text: byte ${smallAt} starts no valid UTF-8 character.`,
    })
  })

  it('reads the same entries in place when the worker cannot start (missing from a package, or failing to load)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-har-worker-'))
    try {
      const broken = join(dir, 'har-check-worker.js')
      writeFileSync(broken, "throw new Error('this package is broken')\n")
      const raw = Array.from({ length: ENTRIES }, (_, i) => entryOf(i, [7]))
      const text = harOf(raw)
      const redactor = new Redactor(new SecretRegistry())
      const inThread = await parseHar(text, redactor, { ...WORKER, keep: 300 })
      for (const workerUrl of [pathToFileURL(join(dir, 'missing.js')), pathToFileURL(broken)]) {
        for (const source of [text, chunksOf(Buffer.from(text, 'utf8'))]) {
          const read = await parseHar(source, redactor, { ...WORKER, keep: 300, workerUrl })
          expect(read).toEqual(inThread)
        }
      }
      // A refusal is still the same sentence as from the worker.
      const notJson = `${text.slice(0, -3)},]}}`
      const error = await parseHar(notJson, redactor, { ...WORKER, workerUrl: pathToFileURL(broken) }).catch((e: unknown) => e)
      expect(error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/^The file is not JSON, so it is not a HAR/) })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
