import { describe, expect, it } from 'vitest'
import { decodeUtf8OffThread } from '../../../src/main/web/utf8-off-thread'

/** `bytes` cut at `every` bytes into pieces of their own memory, as the upload route keeps them. */
function piecesOf(bytes: Buffer, every: number): ArrayBuffer[] {
  const pieces: ArrayBuffer[] = []
  for (let at = 0; at < bytes.byteLength; at += every) {
    const piece = bytes.subarray(at, at + every)
    const own = new ArrayBuffer(piece.byteLength)
    new Uint8Array(own).set(piece)
    pieces.push(own)
  }
  return pieces
}

describe('an uploaded file decoded off the main thread', () => {
  // Multi-byte characters of every length, a lone continuation byte and a truncated sequence: whatever the cuts, the
  // text is the one a single decode of the whole gives.
  const sample = Buffer.concat([
    Buffer.from('{"name":"Café Zürich — 東京 🍣","note":"', 'utf8'),
    Buffer.from([0x80, 0xe6, 0x9d]),
    Buffer.from('"}', 'utf8'),
  ])

  it('gives the same text as one decode of the whole, small and large, however the pieces cut the characters', async () => {
    for (const repeat of [1, 20_000]) {
      const bytes = Buffer.concat(Array.from({ length: repeat }, () => sample))
      const whole = bytes.toString('utf8')
      for (const every of [1, 3, 7, 4096, 65_536]) {
        if (repeat > 1 && every < 4096) continue
        expect(await decodeUtf8OffThread(piecesOf(bytes, every), bytes.byteLength)).toBe(whole)
      }
      expect(whole).toContain('\uFFFD')
    }
  })

  it('moves the pieces of a large file to the worker (the caller keeps none of that memory)', async () => {
    const bytes = Buffer.alloc(600 * 1024, 'a')
    const pieces = piecesOf(bytes, 65_536)
    const text = await decodeUtf8OffThread(pieces, bytes.byteLength)
    expect(text.length).toBe(bytes.byteLength)
    expect(pieces.every(p => p.byteLength === 0)).toBe(true)
  })
})
