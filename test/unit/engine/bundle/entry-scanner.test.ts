import { describe, expect, it } from 'vitest'
import { NotJsonError, type ScannedDocument, scanDocument } from '../../../../src/main/engine/bundle/entry-scanner'

const BUNDLE = ['har', 'log', 'entries']
const HAR = ['log', 'entries']

/** The bytes handed over in chunks cut at the given sizes (repeating), as a file or a socket may cut them. */
async function* chunked(bytes: Buffer, sizes: number[]): AsyncIterable<Uint8Array> {
  let at = 0
  for (let k = 0; at < bytes.length; k++) {
    const size = sizes[k % sizes.length] as number
    yield bytes.subarray(at, at + size)
    at += size
  }
}

function scan(text: string, paths = [BUNDLE], sizes = [1 << 16]): Promise<ScannedDocument> {
  return scanDocument(chunked(Buffer.from(text, 'utf8'), sizes), paths)
}

/** Each element's text, read back by its bounds. */
function elements(text: string, s: ScannedDocument): unknown[] {
  const bytes = Buffer.from(text, 'utf8')
  return Array.from({ length: s.count }, (_, i) => JSON.parse(bytes.toString('utf8', s.bounds[2 * i], s.bounds[2 * i + 1])))
}

const HOSTILE_ENTRIES = [
  { note: 'a "]" and a "," in a string ], [ {', url: 'http://x/?a=[1,2]' },
  { text: 'back\\slash \\" quote \\\\', nested: [[], [{}], { entries: [1, 2] }] },
  { unicode: 'é 漢字 😀 \u2028', esc: '\u0000\u001f' },
  [],
  'a string entry',
  42,
  null,
]

describe('scanning a document as a stream of bytes for the entries array', () => {
  it('finds every entry, whatever the chunk cuts (inside strings, escapes, keys, multibyte characters)', async () => {
    const doc = {
      format: 'x',
      note: 'entries: [1,2]',
      har: { 'lo\\g': 1, log: { version: '1.2', entries: HOSTILE_ENTRIES, after: true } },
      tail: [1],
    }
    const text = JSON.stringify(doc, null, 1)
    for (const sizes of [[1], [2, 3], [7], [13, 1, 64], [1 << 16]]) {
      const s = await scan(text, [BUNDLE], sizes)
      expect(elements(text, s)).toEqual(HOSTILE_ENTRIES)
      expect(s.document).toEqual({ ...doc, har: { ...doc.har, log: { ...doc.har.log, entries: [] } } })
      expect(s.path).toBe(0)
    }
  })

  it('keeps nothing of a chunk: a source that reuses one buffer for every chunk reads the same entries', async () => {
    const doc = { har: { log: { entries: HOSTILE_ENTRIES } } }
    const text = JSON.stringify(doc)
    const bytes = Buffer.from(text, 'utf8')
    async function* reusing(size: number): AsyncIterable<Uint8Array> {
      const one = Buffer.alloc(size)
      for (let at = 0; at < bytes.length; at += size) {
        const n = bytes.copy(one, 0, at, at + size)
        yield one.subarray(0, n)
        one.fill(0x5d)
      }
    }
    for (const size of [1, 5, 64]) {
      const s = await scanDocument(reusing(size), [BUNDLE])
      expect(elements(text, s)).toEqual(HOSTILE_ENTRIES)
      expect(s.document).toEqual({ har: { log: { entries: [] } } })
    }
  })

  it('reads a key spelled with escapes as the key it is, and tells which path the array was found at', async () => {
    const text = '{"l\\u006fg":{"entries":[{"a":1},{"b":2}],"version":"1.2"}}'
    const s = await scan(text, [BUNDLE, HAR], [3])
    expect(s.path).toBe(1)
    expect(elements(text, s)).toEqual([{ a: 1 }, { b: 2 }])
  })

  it('an array at the same keys but another depth is not the entries', async () => {
    const text = '{"x":{"har":{"log":{"entries":[1]}}},"har":{"log":{"entries":[]}}}'
    const s = await scan(text)
    expect(s.count).toBe(0)
    expect(s.path).toBe(0)
    expect(s.document).toEqual(JSON.parse(text))
  })

  it('a document without the array is parsed whole (its checks say what is missing)', async () => {
    const s = await scan('{"format":"x","har":{"log":{"entries":{"not":"an array"}}}}')
    expect(s.path).toBe(-1)
    expect(s.document).toEqual({ format: 'x', har: { log: { entries: { not: 'an array' } } } })
  })

  it('refuses what is not one JSON document, naming the byte and the text around it', async () => {
    const cases: Array<[string, RegExp]> = [
      ['{"har":{"log":{"entries":[{"a":1},{"b" 2}]}}}', /entry 1 is not JSON/],
      ['{"har":{"log":{"entries":[{"a":1},{"b":]}}}', /a bracket that closes nothing open at byte 39/],
      ['{"har":{"log":{"entries":[1,2,]}}}', /a comma before "\]" at byte 30/],
      ['{"har":{"log":{"entries":[1,,2]}}}', /an empty element/],
      ['{"har":{"log":{"entries":[1 2]}}}', /entry 0 is not JSON/],
      ['{"har":{"log":{"entries":[1]}}', /the end of the file before the document closes/],
      ['{"har":{"log":{"entries":[1]}}}}', /a bracket that closes nothing open at byte 31/],
      ['{"har":{"log":{"entries":[1]]}}', /a bracket that closes nothing open/],
      ['{"a":1} {"b":2}', /more than one JSON value at byte 8, near “\{"a":1\} \{/],
      ['{"har":{"log":{"entries":[1],"x":tru}}}', /not valid JSON|Unexpected/],
      ['{"har":{"log":{"entries":[1],"entries":[2]}}}', /a second "har.log.entries" array/],
      ['{"har":{"log":{"entries":["unterminated]}}}', /the end of the file/],
      ['', /Unexpected end of JSON input/],
    ]
    for (const [text, message] of cases) {
      for (const sizes of [[1], [1 << 16]]) {
        await expect(scan(text, [BUNDLE], sizes), text).rejects.toThrow(NotJsonError)
        await expect(scan(text, [BUNDLE], sizes), text).rejects.toThrow(message)
      }
    }
  })

  it('keeps no entry: memory holds the bounds, not the texts, of 20,000 entries', async () => {
    const entry = { request: { url: `http://x/${'p'.repeat(1000)}` } }
    async function* many(): AsyncIterable<Uint8Array> {
      yield Buffer.from('{"har":{"log":{"entries":[')
      for (let i = 0; i < 20_000; i++) yield Buffer.from(`${i ? ',' : ''}${JSON.stringify(entry)}`)
      yield Buffer.from(']}}}')
    }
    const s = await scanDocument(many(), [BUNDLE])
    expect(s.count).toBe(20_000)
    expect(s.bounds.length).toBe(40_000)
    expect(JSON.stringify(s.document).length).toBeLessThan(100)
  })
})
