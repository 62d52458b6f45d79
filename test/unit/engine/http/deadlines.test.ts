import { describe, expect, it } from 'vitest'
import { clearDeadline, DeadlineTimer } from '../../../../src/main/engine/http/deadlines'

/** A target that records when it expired (performance.now) and says so through a promise. */
function target(name: string, fired: Array<{ name: string; at: number }>) {
  let resolve!: () => void
  const done = new Promise<void>(r => {
    resolve = r
  })
  return {
    done,
    expire() {
      fired.push({ name, at: performance.now() })
      resolve()
    },
  }
}

describe('the shared deadline timer of an HTTP client', () => {
  it('expires each deadline once it is reached, never before, shortest first, and never a cleared one', async () => {
    const timer = new DeadlineTimer()
    const fired: Array<{ name: string; at: number }> = []
    const long = target('long 200', fired)
    const start = performance.now()
    timer.add(long, 200)
    // A shorter deadline added after a longer one re-arms the timer earlier.
    const short = target('short 50', fired)
    const shortAt = performance.now() + 50
    timer.add(short, 50)
    const cleared = timer.add(target('cleared 100', fired), 100)
    const second = target('second 50', fired)
    const secondAt = performance.now() + 50
    timer.add(second, 50)
    clearDeadline(cleared)
    await long.done
    expect(fired.map(f => f.name)).toEqual(['short 50', 'second 50', 'long 200'])
    expect(fired[0]?.at).toBeGreaterThanOrEqual(shortAt)
    expect(fired[1]?.at).toBeGreaterThanOrEqual(secondAt)
    expect(fired[2]?.at).toBeGreaterThanOrEqual(start + 200)
    timer.close()
  })

  it('keeps nothing of settled deadlines, and expires nothing registered before it was closed', async () => {
    const timer = new DeadlineTimer()
    const fired: Array<{ name: string; at: number }> = []
    const many = Array.from({ length: 5000 }, (_, i) => timer.add(target(`settled ${i}`, fired), 30))
    for (const d of many) clearDeadline(d)
    // Settled deadlines hold no exchange, and the queue keeps fewer than a thousand or so of them behind its head.
    expect(many.every(d => d.target === null)).toBe(true)
    expect(many[4999]?.queue.items.length).toBeLessThanOrEqual(2048)
    timer.add(target('before close', fired), 20)
    timer.close()
    const after = target('after close', fired)
    timer.add(after, 60)
    await after.done
    expect(fired.map(f => f.name)).toEqual(['after close'])
  })
})
