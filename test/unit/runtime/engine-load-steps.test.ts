import { describe, expect, it } from 'vitest'
import { loadEngineInSteps } from '../../../src/main/runtime/engine-load-steps'

// The web host's engine start yields to a page between pieces (issue 23 item 2): here the test holds the gate itself,
// as a page loading its first screen would, and lets it go.

function gate() {
  let open = () => {}
  let held = new Promise<void>(resolve => {
    open = resolve
  })
  let asked = 0
  return {
    between: () => {
      asked++
      return held
    },
    release() {
      open()
      held = Promise.resolve()
    },
    get asked() {
      return asked
    },
  }
}

const settled = async (p: Promise<unknown>): Promise<boolean> => {
  let done = false
  void p.then(
    () => {
      done = true
    },
    () => {
      done = true
    },
  )
  for (let i = 0; i < 5; i++) await new Promise(r => setImmediate(r))
  return done
}

describe("the engine's start, a piece at a time", () => {
  it('loads nothing of the engine while a page is loading, and everything once it has painted', async () => {
    const page = gate()
    const loading = loadEngineInSteps(page.between, { sandbox: true })
    expect(await settled(loading)).toBe(false)
    expect(page.asked).toBe(1)
    page.release()
    const engine = await loading
    expect(typeof engine.createRuntime).toBe('function')
    expect(typeof engine.createKeyFileCipher).toBe('function')
    // Asked before every piece and before the runtime starts: a page coming at any moment waits for one piece at most.
    expect(page.asked).toBeGreaterThanOrEqual(6)
  })

  it('a page that comes midway holds the rest until it has painted', async () => {
    let calls = 0
    let open = () => {}
    const held = new Promise<void>(resolve => {
      open = resolve
    })
    let arrived = () => {}
    const pageArrived = new Promise<void>(resolve => {
      arrived = resolve
    })
    // The page gets in after the second piece.
    const loading = loadEngineInSteps(
      () => {
        if (++calls < 3) return Promise.resolve()
        arrived()
        return held
      },
      { sandbox: false },
    )
    await pageArrived
    expect(await settled(loading)).toBe(false)
    expect(calls).toBe(3)
    open()
    expect(typeof (await loading).createRuntime).toBe('function')
  })
})
