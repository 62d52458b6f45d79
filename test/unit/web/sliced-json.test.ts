import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { stringifyInSlices } from '../../../src/main/web/sliced-json'

const written = async (value: unknown) => await stringifyInSlices(value)

describe('a bridge answer written in slices', () => {
  it('is the text JSON.stringify writes, for any JSON-like value, long lists included', async () => {
    const long = fc.array(fc.jsonValue({ maxDepth: 1 }), { minLength: 1001, maxLength: 2600 })
    const value = fc.letrec(tie => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 2 }),
        long,
        fc.dictionary(fc.string(), tie('node')),
        fc.record({ skipped: long, gone: fc.constant(undefined), when: fc.date({ noInvalidDate: true }), nested: tie('node') }),
      ),
    })).node
    await fc.assert(
      fc.asyncProperty(value, async v => {
        expect(await written(v)).toBe(JSON.stringify(v))
      }),
      { numRuns: 60 },
    )
  })

  it('answers the 49,999 skipped entries of a bad HAR with the same text, written over turns of the event loop', async () => {
    const skipped = Array.from({ length: 49_999 }, (_, i) => ({
      index: i + 1,
      problem: `log.entries[${i + 1}].request.method: not a method`,
    }))
    const message = { t: 'result', id: 7, result: { ok: true, value: { imported: 1, ids: ['log-1'], dropped: 0, skipped } } }
    const text = stringifyInSlices(message)
    // Written over turns of the event loop (a promise), to the same text.
    expect(text).toBeInstanceOf(Promise)
    expect(await text).toBe(JSON.stringify(message))
  })

  it('writes a value without a long list at once, and fails where JSON.stringify fails', async () => {
    expect(stringifyInSlices({ t: 'result', id: 1, result: { ok: true, value: [1, 2, 3] } })).toBe(
      '{"t":"result","id":1,"result":{"ok":true,"value":[1,2,3]}}',
    )
    expect(stringifyInSlices(undefined)).toBeUndefined()
    const cyclic: Record<string, unknown> = { list: Array.from({ length: 2000 }, (_, i) => i) }
    cyclic.self = cyclic
    await expect(written(cyclic)).rejects.toThrow(TypeError)
    await expect(written({ list: Array.from({ length: 2000 }, () => 1n) })).rejects.toThrow(TypeError)
  })
})
