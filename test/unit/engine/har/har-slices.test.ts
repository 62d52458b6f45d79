import { describe, expect, it } from 'vitest'
import { sliceArray, sliceHar } from '../../../../src/main/engine/har/har-slices'

/** Whatever the slicer finds must be exactly what a whole JSON.parse finds. */
async function sameAsParse(text: string): Promise<void> {
  const sliced = await sliceHar(text)
  expect(sliced).not.toBeNull()
  const whole = JSON.parse(text) as { log: { entries: unknown[] } }
  expect(sliced?.entries.map(e => JSON.parse(e))).toEqual(whole.log.entries)
  expect(sliced?.document).toEqual({ ...whole, log: { ...whole.log, entries: [] } })
}

describe('sliceHar: a HAR split into its entries without one long parse', () => {
  it('finds every entry, whatever the strings, nesting and whitespace hold', async () => {
    await sameAsParse(
      JSON.stringify({
        entries: ['a decoy at the top level'],
        log: {
          version: '1.2',
          pages: [{ entries: [1, 2], title: 'log.entries ] , { "' }],
          creator: { name: 'x"]}\\', version: '1' },
          entries: [{ a: '\\"', b: [1, { c: '},]' }] }, 42, 'text', null, [[]], { entries: [9] }],
          comment: 'after',
        },
      }),
    )
    await sameAsParse('{ "log" : { "version":"1.2" , "entries" : [ ] } }')
    await sameAsParse(` {\n"log": {"entries": [ {"x": 1} ,\n\t{"y": "\\\\"} ], "creator": {"name": "n", "version": "1"}} } `)
  })

  it('gives up (the caller parses whole and names the problem) on anything that is not that shape', async () => {
    for (const text of [
      'not json',
      '{"log": {"entries": [1, 2,]}}',
      '{"log": {"entries": [1], "entries": [2]}}',
      '{"log": {"entries": {"a": 1}}}',
      '{"log": {"entries": [1]}',
      '{"log": {"entries": [1]}} trailing',
      '{"log": {"entries": ["unterminated]}}',
      '[{"log": {"entries": []}}]',
    ]) {
      expect(await sliceHar(text), text).toBeNull()
    }
    // Two values where one belongs: that entry's own parse fails, so the import still refuses the file as not JSON.
    const joined = await sliceHar('{"log": {"entries": [1 2]}}')
    expect(() => joined?.entries.map(e => JSON.parse(e))).toThrow(SyntaxError)
  })
})

describe('sliceArray: any array of a document by its path (a repro bundle’s har.log.entries)', () => {
  it('finds the bundle’s entries and nothing that only looks like them', async () => {
    const bundle = {
      log: { entries: ['a HAR-shaped decoy at the top'] },
      note: 'har.log.entries [ ] , "',
      har: { log: { version: '1.2', entries: [{ a: 1 }, 'x', [{ har: { log: { entries: [2] } } }]], creator: { name: 'n' } } },
    }
    const text = JSON.stringify(bundle, null, 1)
    const sliced = await sliceArray(text, ['har', 'log', 'entries'])
    expect(sliced?.entries.map(e => JSON.parse(e))).toEqual(bundle.har.log.entries)
    expect(sliced?.document).toEqual({ ...bundle, har: { log: { ...bundle.har.log, entries: [] } } })
    for (const other of [
      '{"har": {"log": {"entries": [1], "entries": [2]}}}',
      '{"har": {"log": {"entries": {}}}}',
      '{"har": [{"log": {"entries": [1]}}]}',
      '{"log": {"entries": [1]}}',
    ]) {
      expect(await sliceArray(other, ['har', 'log', 'entries']), other).toBeNull()
    }
  })
})
