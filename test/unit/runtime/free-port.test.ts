import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { findFreePort } from '../../../src/main/runtime/free-port'

describe('findFreePort', () => {
  it('gives a port below the ephemeral ranges that can then be listened on', async () => {
    const port = await findFreePort()
    expect(port).toBeGreaterThanOrEqual(20_000)
    expect(port).toBeLessThan(32_000)
    const server = createServer()
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', resolve)
    })
    await new Promise<void>(resolve => server.close(() => resolve()))
  })
})
