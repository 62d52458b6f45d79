import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FirstRunChecklist } from '../../../../src/main/engine/onboarding/first-run-checklist'
import type { LogEntrySummary } from '../../../../src/shared/contract'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pc-first-run-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

/** A finished exchange of the console's own, as the network log summarizes it. */
const exchange = (path: string, auth: 'bearer' | 'hmac', status: number) =>
  ({ state: 'done', status, method: 'GET', path, auth, envId: 'sandbox' }) as unknown as LogEntrySummary

describe('the first-run checklist after every exchange', () => {
  it('reads the network log only while a step that needs it is open, and never again once they are done', async () => {
    const log: LogEntrySummary[] = []
    let logReads = 0
    const checklist = new FirstRunChecklist(
      dir,
      {
        activeEnvironment: () => ({ id: 'sandbox', name: 'Sandbox', ready: true }),
        hasToken: () => true,
        locationsPath: () => '/api/v1/locations/',
        exchanges: () => {
          logReads++
          return log
        },
      },
      () => {},
    )
    log.push(exchange('/api/v1/locations', 'bearer', 200))
    await checklist.recheck()
    expect(logReads).toBe(1)
    log.push(exchange('/api/v1/export/1/tickets', 'hmac', 401))
    await checklist.recheck()
    expect(logReads).toBe(2)
    log.push(exchange('/api/v1/export/1/tickets', 'hmac', 200))
    await checklist.recheck()
    const status = await checklist.status()
    expect(status.steps.filter(s => s.doneAt !== null).map(s => s.id)).toEqual(['environment', 'token', 'locations', 'signed'])
    const reads = logReads
    for (let i = 0; i < 100; i++) await checklist.recheck()
    expect(logReads).toBe(reads)
  })
})
