import { describe, expect, it } from 'vitest'
import { oversizedMessage } from '../../../src/renderer/src/bridge/message-size'
import { WEB_MAX_MESSAGE_BYTES, WEB_UPLOAD_PATH } from '../../../src/shared/contract/web-protocol'

describe('a socket message larger than the web host takes', () => {
  it('is answered on the page with a sentence naming the upload, measured in UTF-8 bytes, and one that fits is sent', () => {
    expect(WEB_MAX_MESSAGE_BYTES).toBe(4 * 2 ** 20)
    const ascii = oversizedMessage('a'.repeat(WEB_MAX_MESSAGE_BYTES + 1))
    expect(ascii).toMatchObject({ code: 'invalid_request', message: expect.stringContaining(`upload (POST ${WEB_UPLOAD_PATH})`) })
    expect(ascii?.message).toMatch(/^This call's message is 4\.0 MB, more than the 4 MB the console's socket takes/)
    // Fewer characters than the limit, more bytes: each "é" is two bytes.
    expect(oversizedMessage('é'.repeat(WEB_MAX_MESSAGE_BYTES / 2 + 1))).not.toBeNull()
    expect(oversizedMessage('é'.repeat(WEB_MAX_MESSAGE_BYTES / 2))).toBeNull()
    expect(oversizedMessage('a'.repeat(WEB_MAX_MESSAGE_BYTES))).toBeNull()
  })
})
