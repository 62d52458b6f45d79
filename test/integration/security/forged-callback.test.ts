import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventsNamed, startTestConsole, type TestConsole } from '../requests/support'

// docs/security.md, item 6: any web page can point an <img> at the loopback catcher with a guessed state. Before, that
// failed the waiting flow and closed the listener; now it gets a 400 page, is counted, and the real redirect still works.

describe('a forged callback does not end a real authorization', () => {
  let c: TestConsole

  beforeAll(async () => {
    c = await startTestConsole()
  })

  afterAll(async () => {
    await c?.close()
  })

  it('refuses a wrong or missing state with a 400 page, counts it, keeps waiting, then takes the real redirect', async () => {
    const start = await c.ok('oauth:start', { mode: 'loopback' })
    expect(start.listeningOn).toBeTruthy()
    const catcher = start.listeningOn as string
    const forged = await fetch(`${catcher}?code=forged-code-123&state=guessed-state`)
    expect(forged.status).toBe(400)
    expect(await forged.text()).toContain('Not the redirect the console is waiting for')
    const noState = await fetch(`${catcher}?error=access_denied`)
    expect(noState.status).toBe(400)

    const flows = eventsNamed(c, 'oauth:flow').filter(f => f.flowId === start.flowId)
    const last = flows[flows.length - 1]
    expect(last).toMatchObject({ step: 'waiting-for-callback', rejectedCallbacks: 2, failure: null })
    const status = await c.ok('oauth:status', {})
    expect(status).toMatchObject({ flow: { step: 'waiting-for-callback', rejectedCallbacks: 2 } })

    // The merchant's real redirect, with the state the console sent, still completes the flow.
    const first = await fetch(start.authorizeUrl, { redirect: 'manual' })
    await first.arrayBuffer()
    const location = first.headers.get('location') as string
    expect(new URL(location).searchParams.get('state')).not.toBe('guessed-state')
    const real = await fetch(location)
    expect(real.status).toBe(200)
    await real.text()
    const done = eventsNamed(c, 'oauth:flow').filter(f => f.flowId === start.flowId)
    expect(done.some(f => f.step === 'done')).toBe(true)
    expect((await c.ok('oauth:tokens', {})).present).toBe(true)
  })
})
