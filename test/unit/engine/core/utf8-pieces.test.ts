import { describe, expect, it } from 'vitest'
import { utf8Pieces } from '../../../../src/main/engine/core/utf8-pieces'

const joined = (pieces: Uint8Array[]) => Buffer.concat(pieces)

describe('a file’s content as UTF-8 pieces', () => {
  it('are exactly a text’s UTF-8, whatever characters fall on the pieces’ edges', () => {
    const edge = 512 * 1024
    for (const text of [
      // An emoji (a surrogate pair) whose halves would straddle the first edge, then two- and three-byte characters.
      `${'a'.repeat(edge - 1)}😀${'é✓'.repeat(edge)}😀`,
      `${'😀'.repeat(edge)}x`,
      'short, one piece: é ✓ 😀',
    ]) {
      const pieces = [...utf8Pieces(text)]
      expect(joined(pieces).equals(Buffer.from(text, 'utf8'))).toBe(true)
      // Each piece is whole UTF-8 on its own (no character cut in two), in memory of its own.
      for (const piece of pieces) expect(Buffer.from(piece).toString('utf8')).not.toContain('\uFFFD')
      expect(new Set(pieces.map(p => p.buffer)).size).toBe(pieces.length)
    }
    expect([...utf8Pieces(`${'a'.repeat(edge - 1)}😀b`)].length).toBe(2)
  })

  it('are the bytes themselves, in order, a large array cut into views of at most 1 MB (never copied)', () => {
    const big = Buffer.alloc(2.5 * 1024 * 1024, 'é')
    const small = Buffer.from('{"a":1}')
    const pieces = [...utf8Pieces([small, big])]
    expect(pieces.map(p => p.byteLength)).toEqual([small.byteLength, 1024 * 1024, 1024 * 1024, 0.5 * 1024 * 1024])
    expect(pieces[0]).toBe(small)
    for (const piece of pieces.slice(1)) expect(piece.buffer).toBe(big.buffer)
    expect(joined(pieces).equals(Buffer.concat([small, big]))).toBe(true)
    expect([...utf8Pieces(small)]).toEqual([small])
  })

  it('are made one at a time, only when asked for', () => {
    const pieces = utf8Pieces('x'.repeat(3 * 512 * 1024))
    expect(pieces.next().value?.byteLength).toBe(512 * 1024)
    pieces.return(undefined)
    expect(pieces.next().done).toBe(true)
  })
})
