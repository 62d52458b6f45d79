import { describe, expect, it } from 'vitest'
import { channels, takesFileBytes } from '../../../src/shared/contract'

describe('a file’s content in a payload: its text or its UTF-8 bytes', () => {
  const openHar = channels['log:openHar'].request

  it('takes a string, one Uint8Array or its pieces, within the same size limits', () => {
    const bytes = Buffer.from('{"log":{}}')
    for (const text of ['{"log":{}}', bytes, new Uint8Array(bytes), [bytes.subarray(0, 3), bytes.subarray(3)]]) {
      expect(openHar.safeParse({ text }).success).toBe(true)
    }
    for (const text of ['', new Uint8Array(0), [], [new Uint8Array(0)], 42, ['x'], { 0: 1, length: 1 }]) {
      expect(openHar.safeParse({ text }).success).toBe(false)
    }
    const tooLarge = [new Uint8Array(40 * 2 ** 20), new Uint8Array(25 * 2 ** 20)]
    expect(openHar.safeParse({ text: tooLarge }).success).toBe(false)
    expect(channels['bundle:open'].request.safeParse({ text: Buffer.from('{}') }).success).toBe(true)
  })

  it('is known to the web host by its field: bytes go only where a file’s content is read', () => {
    expect(takesFileBytes(openHar, ['text'])).toBe(true)
    expect(takesFileBytes(channels['bundle:replay'].request, ['text'])).toBe(true)
    expect(takesFileBytes(channels['environments:openFile'].request, ['content'])).toBe(false)
    expect(takesFileBytes(openHar, ['text', 0])).toBe(false)
    expect(takesFileBytes(openHar, ['missing'])).toBe(false)
  })
})
