import { describe, expect, it } from 'vitest'
import { ConsoleError } from '../../../../src/main/engine/core/console-error'
import { SecretRegistry } from '../../../../src/main/engine/core/secret-registry'
import { NetworkLog } from '../../../../src/main/engine/log/network-log'
import { logFormatsFor } from '../../../support/log-formats'

function harOf(entries: number): string {
  const entry = (i: number) => ({
    startedDateTime: '2025-01-01T00:00:00.000Z',
    time: 1,
    request: { method: 'GET', url: `https://api.partner.example/api/v1/locations/${i}`, httpVersion: 'HTTP/1.1', headers: [] },
    response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', headers: [], content: { size: 0 }, redirectURL: '' },
    timings: { send: 0, wait: 1, receive: 0 },
  })
  return JSON.stringify({
    log: { version: '1.2', creator: { name: 't', version: '1' }, entries: Array.from({ length: entries }, (_, i) => entry(i)) },
  })
}

describe('a HAR import that is stopped', () => {
  it('adds nothing to the log and says so, whether stopped before it starts or while its entries are checked', async () => {
    const secrets = new SecretRegistry()
    const log = new NetworkLog()
    const formats = logFormatsFor(log, secrets)
    const before = new AbortController()
    before.abort()
    const early = await formats.openHar(harOf(3), { signal: before.signal }).catch((e: unknown) => e)
    expect(early).toBeInstanceOf(ConsoleError)
    expect(early).toMatchObject({ code: 'cancelled', message: expect.stringMatching(/nothing of it was added/) })

    // Stopped once the first slice has yielded: a file big enough to need more than one slice.
    const during = new AbortController()
    const importing = formats.openHar(harOf(20_000), { signal: during.signal }).catch((e: unknown) => e)
    setImmediate(() => during.abort())
    expect(await importing).toMatchObject({ code: 'cancelled' })
    expect(log.size).toBe(0)

    // Not stopped: every entry is added.
    expect((await formats.openHar(harOf(3))).imported).toBe(3)
  })
})
