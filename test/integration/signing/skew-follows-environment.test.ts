import { afterEach, describe, expect, it } from 'vitest'
import { nextEvent } from '../../support/events'
import { addEnvironment, type Console, eventOf, removeDir, startConsole, startTestSandbox } from '../auth/auth-harness'

describe('clock skew follows the active environment', () => {
  const cleanups: Array<() => Promise<unknown>> = []
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c()
  })

  it('forgets the old server offset when another environment is activated, and learns the new one from the user’s own call', async () => {
    const fast = await startTestSandbox({ now: () => Date.now() + 30_000 })
    cleanups.push(() => fast.sandbox.close())
    const c: Console = await startConsole()
    cleanups.push(() => removeDir(c.dataDir))
    cleanups.push(() => c.close())

    await addEnvironment(c, fast)
    await c.ok('http:send', { method: 'GET', path: '/', auth: 'none' })
    // The console announces each estimate on the bus (signing:skew): the test waits for the one it expects.
    const ahead = await eventOf(c, 'signing:skew', e => e !== null && Math.abs(e.offsetMs - 30_000) < 2_000)
    expect(ahead).not.toBeNull()

    const onTime = await startTestSandbox()
    cleanups.push(() => onTime.sandbox.close())
    // Only what is announced from now on counts (no recorded events passed).
    const forgotten = nextEvent(c.runtime.bus, [], 'signing:skew', e => e === null)
    const measured = nextEvent(c.runtime.bus, [], 'signing:skew', e => e !== null && Math.abs(e.offsetMs) < 2_000)
    await addEnvironment(c, onTime)
    expect(await forgotten).toBeNull()
    // Nothing is sent to the new server by the switch itself (no-unasked-probes.test.ts): its first answer tells.
    await c.ok('http:send', { method: 'GET', path: '/', auth: 'none' })
    expect(await measured).not.toBeNull()
    const status = await c.ok('signing:skew', {})
    expect(Math.abs(status.estimate?.offsetMs ?? Number.NaN)).toBeLessThan(2_000)
  })
})
