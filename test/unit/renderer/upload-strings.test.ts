import { describe, expect, it } from 'vitest'
import { splitLargeStrings } from '../../../src/renderer/src/bridge/upload-strings'
import { WEB_UPLOAD_FROM_CHARS } from '../../../src/shared/contract/web-protocol'

describe('a call with a file in it, on the web transport', () => {
  it('sends every long string (at any depth) as an upload and leaves short ones in the message', () => {
    const big = 'h'.repeat(WEB_UPLOAD_FROM_CHARS + 1)
    const other = 'e'.repeat(WEB_UPLOAD_FROM_CHARS + 5)
    const { payload, large } = splitLargeStrings({ envId: 'sandbox', collection: big, nested: { list: ['ok', other] } })
    expect(payload).toEqual({ envId: 'sandbox', collection: '', nested: { list: ['ok', ''] } })
    expect(large).toEqual([
      { path: ['collection'], text: big },
      { path: ['nested', 'list', 1], text: other },
    ])
  })

  it('leaves a payload without long strings untouched (the same object, sent as before)', () => {
    const small = { text: 'h'.repeat(WEB_UPLOAD_FROM_CHARS), n: 1 }
    const out = splitLargeStrings(small)
    expect(out.payload).toBe(small)
    expect(out.large).toEqual([])
  })
})
