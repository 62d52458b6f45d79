import { afterEach, describe, expect, it } from 'vitest'
import { addEnvironment, type Console, eventsNamed, startConsole, startTestSandbox } from '../auth/auth-harness'

describe('clock skew follows the active environment', () => {
  const cleanups: Array<() => Promise<unknown>> = []
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c()
  })

  it('forgets the old server offset and measures the new server when another environment is activated', async () => {
    const fast = await startTestSandbox({ now: () => Date.now() + 30_000 })
    cleanups.push(() => fast.sandbox.close())
    const c: Console = await startConsole()
    cleanups.push(() => c.close())

    await addEnvironment(c, fast)
    const announced = () => eventsNamed(c, 'signing:skew')
    await expect.poll(() => announced().some(e => e !== null && Math.abs(e.offsetMs - 30_000) < 2_000), { timeout: 10_000 }).toBe(true)

    const onTime = await startTestSandbox()
    cleanups.push(() => onTime.sandbox.close())
    const before = announced().length
    await addEnvironment(c, onTime)
    await expect.poll(() => announced().slice(before).includes(null), { timeout: 10_000 }).toBe(true)
    await expect
      .poll(
        () =>
          announced()
            .slice(before)
            .some(e => e !== null && Math.abs(e.offsetMs) < 2_000),
        { timeout: 10_000 },
      )
      .toBe(true)
    const status = await c.ok('signing:skew', {})
    expect(Math.abs(status.estimate?.offsetMs ?? Number.NaN)).toBeLessThan(2_000)
  })
})
