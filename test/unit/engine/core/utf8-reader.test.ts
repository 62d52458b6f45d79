import { describe, expect, it } from 'vitest'
import { ConsoleError } from '../../../../src/main/engine/core/console-error'
import { Utf8Reader } from '../../../../src/main/engine/core/utf8-reader'

/** `bytes` cut every `every` bytes, read back; the text, or the refusal's message and byte. */
function read(bytes: Buffer, every: number): { text: string } | { message: string; byte: unknown } {
  const reader = new Utf8Reader('HAR file')
  try {
    for (let at = 0; at < bytes.length; at += every) reader.push(bytes.subarray(at, at + every))
    return { text: reader.end() }
  } catch (error) {
    expect(error).toBeInstanceOf(ConsoleError)
    const e = error as ConsoleError
    return { message: e.message, byte: (e.details as { byte: unknown }).byte }
  }
}

describe('a file’s UTF-8 read back a piece at a time', () => {
  const good = Buffer.from('{"name":"Café Zürich — 東京 🍣","n":"😀😀"}', 'utf8')

  it('is the text, wherever the pieces are cut (inside two-, three- and four-byte characters)', () => {
    for (let every = 1; every <= good.length; every++) expect(read(good, every)).toEqual({ text: good.toString('utf8') })
  })

  it('refuses bytes that are not UTF-8, naming the first bad byte wherever the pieces are cut', () => {
    const cases: Array<[Buffer, number]> = [
      // A lone continuation byte, a lead byte followed by ASCII, an overlong form, a surrogate, a truncated end.
      [Buffer.concat([good.subarray(0, 12), Buffer.from([0x80]), good.subarray(12)]), 12],
      [Buffer.concat([good.subarray(0, 5), Buffer.from([0xe6, 0x41]), good.subarray(5)]), 5],
      [Buffer.concat([Buffer.from('ab'), Buffer.from([0xc0, 0xaf])]), 2],
      [Buffer.concat([Buffer.from('é'), Buffer.from([0xed, 0xa0, 0x80])]), 2],
      [Buffer.concat([good, Buffer.from([0xf0, 0x9f, 0x98])]), good.length],
    ]
    for (const [bytes, at] of cases) {
      for (let every = 1; every <= bytes.length; every++) {
        const answer = read(bytes, every)
        expect(answer, `cut every ${every}`).toEqual({ message: expect.stringContaining(`byte ${at} `), byte: at })
      }
    }
    expect(read(cases[0]?.[0] as Buffer, 4)).toMatchObject({ message: /^The HAR file is not UTF-8 text: byte 12 / })
  })
})
