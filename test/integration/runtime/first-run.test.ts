import { afterEach, describe, expect, it } from 'vitest'
import type { FirstRunStatus } from '../../../src/shared/contract'
import { type Console, eventOf, removeDir, startConsole } from '../auth/auth-harness'

// The first-run checklist as the engine keeps it: steps tick from what the engine saw (not from a call that says
// "done"), a failed or imported exchange ticks nothing, and a restart on the same data folder keeps ticks and the
// hidden choice.

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function open(dataDir?: string): Promise<Console> {
  const c = await startConsole({ builtinSandbox: true, ...(dataDir ? { dataDir } : {}) })
  cleanups.push(() => c.close())
  if (!dataDir) cleanups.unshift(() => removeDir(c.dataDir))
  return c
}

const done = (s: FirstRunStatus) => s.steps.filter(step => step.doneAt !== null).map(step => step.id)

describe('first-run checklist', () => {
  it('ticks from the engine’s facts only, and keeps ticks and the hidden choice across a restart', async () => {
    const c = await open()
    expect(done(await c.ok('firstRun:status', {}))).toEqual(['environment'])

    // A signed export the server refuses (a location of no merchant) ticks nothing; one it answers 2xx ticks "signed".
    const refused = await c.call('http:exportTickets', { locationId: 999_999, from: '2025-04-01', to: '2025-04-03' })
    expect(refused.ok).toBe(false)
    expect(done(await c.ok('firstRun:status', {}))).toEqual(['environment'])
    const answered = await c.ok('http:exportTickets', { locationId: 101001, from: '2025-04-01', to: '2025-04-03' })
    expect(answered.exchange.status).toBe(200)
    const ticked = await eventOf(c, 'firstRun:changed', s => done(s).includes('signed'))
    expect(ticked.steps.find(s => s.id === 'signed')?.evidence).toMatch(/^GET \/api\/v1\/export\/101001\/tickets.* \(HMAC\) answered 200$/)

    // An exchange imported from a HAR, opened, is not the user's own: only opening one of the console's own ticks.
    const har = await c.ok('log:saveHar', {})
    expect((await c.ok('log:openHar', { text: har.har })).imported).toBeGreaterThan(0)
    const importedEntry = (await c.ok('log:list', {})).entries.find(e => e.imported && e.status === 200)
    await c.ok('log:get', { id: importedEntry?.id ?? '' })
    expect(done(await c.ok('firstRun:status', {}))).not.toContain('inspected')
    const own = (await c.ok('log:list', {})).entries.find(e => !e.imported && e.source === 'console')
    await c.ok('log:get', { id: own?.id ?? '' })
    expect(done(await c.ok('firstRun:status', {}))).toEqual(['environment', 'signed', 'inspected'])

    await c.ok('firstRun:setDismissed', { dismissed: true })
    const dataDir = c.dataDir
    cleanups.unshift(() => removeDir(dataDir))
    await cleanups.pop()?.()

    // A new runtime on the same folder: the log is empty, yet the ticks and the hidden choice are kept.
    const again = await open(dataDir)
    expect((await again.ok('log:list', {})).entries).toHaveLength(0)
    const kept = await again.ok('firstRun:status', {})
    expect(done(kept)).toEqual(['environment', 'signed', 'inspected'])
    expect(kept.dismissed).toBe(true)
    expect((await again.ok('firstRun:setDismissed', { dismissed: false })).dismissed).toBe(false)
  })
  it('an imported HAR is announced in bulk: no log:entry per entry (nothing re-reads the log per entry), log:changed counts them', async () => {
    const c = await open()
    const entry = (i: number) => ({
      startedDateTime: '2025-01-01T00:00:00.000Z',
      time: 1,
      request: { method: 'GET', url: `https://api.partner.example/api/v1/locations/${i}`, httpVersion: 'HTTP/1.1', headers: [] },
      response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', headers: [], content: { size: 0 }, redirectURL: '' },
      timings: { send: 0, wait: 1, receive: 0 },
    })
    const text = JSON.stringify({
      log: { version: '1.2', creator: { name: 't', version: '1' }, entries: Array.from({ length: 3000 }, (_, i) => entry(i)) },
    })
    const from = c.events.length
    expect(await c.ok('log:openHar', { text })).toMatchObject({ imported: 3000, dropped: 0 })
    const during = c.events.slice(from)
    expect(during.filter(m => m.name === 'log:entry')).toEqual([])
    const changed = during.filter(m => m.name === 'log:changed').map(m => (m.payload as { added: number }).added)
    expect(changed.reduce((a, b) => a + b, 0)).toBe(3000)
    expect(changed.length).toBeLessThan(3000)
  })
})
