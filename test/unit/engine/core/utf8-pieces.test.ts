import { describe, expect, it } from 'vitest'
import { utf8Pieces } from '../../../../src/main/engine/core/utf8-pieces'

const joined = (pieces: ArrayBuffer[]) => Buffer.concat(pieces.map(p => new Uint8Array(p)))

describe('a large text as UTF-8 pieces', () => {
  it('are exactly the text’s UTF-8, whatever characters fall on the pieces’ edges', async () => {
    const edge = 512 * 1024
    for (const text of [
      // An emoji (a surrogate pair) whose halves would straddle the first edge, then two- and three-byte characters.
      `${'a'.repeat(edge - 1)}😀${'é✓'.repeat(edge)}😀`,
      `${'😀'.repeat(edge)}x`,
      'short, one piece: é ✓ 😀',
    ]) {
      const pieces = await utf8Pieces(text)
      expect(joined(pieces).equals(Buffer.from(text, 'utf8'))).toBe(true)
      // Each piece is whole UTF-8 on its own (no character cut in two), in memory of its own.
      for (const piece of pieces) expect(Buffer.from(piece).toString('utf8')).not.toContain('\uFFFD')
      expect(new Set(pieces).size).toBe(pieces.length)
    }
    expect((await utf8Pieces(`${'a'.repeat(edge - 1)}😀b`)).length).toBe(2)
  })

  it('stops when its check throws, before the next piece', async () => {
    let calls = 0
    const stopped = await utf8Pieces('x'.repeat(3 * 512 * 1024), () => {
      if (++calls === 2) throw new Error('stopped')
    }).catch((e: Error) => e.message)
    expect(stopped).toBe('stopped')
    expect(calls).toBe(2)
  })
})
