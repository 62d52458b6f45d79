import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CaptureStatus } from '../../../src/shared/contract'
import { eventsNamed, startTestConsole, type TestConsole } from '../requests/support'

// The app's way to the doctor: the doctor:* channels and the doctor:verdict event on a real runtime, a real capture
// and the Node partner integration with one mistake (x-timestamp in milliseconds), with the token drill armed.

const FIXTURE = join(import.meta.dirname, '../../fixtures/integrations/node/milliseconds.mjs')

let c: TestConsole
beforeAll(async () => {
  c = await startTestConsole()
})
afterAll(async () => {
  await c?.close()
})

function run(status: CaptureStatus): Promise<number | null> {
  const sandbox = c.runtime.sandbox!
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const v of status.variables) env[v.name] = v.value
  env.PARTNER_CLIENT_ID = sandbox.client.clientId
  env.PARTNER_CLIENT_SECRET = sandbox.client.clientSecret
  env.PARTNER_REDIRECT_URI = sandbox.client.redirectUri
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [FIXTURE], { env, stdio: 'ignore' })
    child.on('error', reject)
    child.on('close', resolve)
  })
}

describe('the doctor channels', () => {
  it('say there is nothing to judge before a capture, and refuse a drill then', async () => {
    expect(await c.ok('doctor:scorecard', {})).toEqual({ scorecard: null })
    const drill = await c.call('doctor:drill', { drills: ['all'] })
    expect(drill.ok ? null : drill.error.code).toBe('not_found')
  })

  it('judge a capture live, arm drills, keep the final verdicts after stop, and give every report', async () => {
    const status = await c.ok('capture:start', { mode: 'gateway' })
    const armed = await c.ok('doctor:drill', { drills: ['token-expiry'] })
    expect(armed.drills.map(d => [d.name, d.state])).toEqual([['token-expiry', 'waiting']])
    expect(await run(status)).toBe(0)
    const live = (await c.ok('doctor:scorecard', {})).scorecard!
    expect(live.running).toBe(true)
    expect(live.exchanges).toBeGreaterThan(5)
    await c.ok('capture:stop', {})

    const final = (await c.ok('doctor:scorecard', {})).scorecard!
    expect(final.running).toBe(false)
    expect(final.rules.filter(r => r.verdict === 'fail').map(r => r.id)).toEqual(['signing.timestamp-seconds'])
    const rule = final.rules.find(r => r.id === 'signing.timestamp-seconds')!
    expect(rule.section).toBe('5.2')
    expect(rule.message).toMatch(/milliseconds/)
    // Each evidence id opens its exchange in the network log.
    for (const id of rule.evidence) expect((await c.ok('log:get', { id })).id).toBe(id)
    expect(final.drills[0]?.state).toBe('answered')

    // The last doctor:verdict event carries the final scorecard.
    const verdicts = eventsNamed(c, 'doctor:verdict')
    expect(verdicts.length).toBeGreaterThan(0)
    expect(verdicts.at(-1)?.scorecard.running).toBe(false)
    expect(verdicts.at(-1)?.scorecard.counts).toEqual(final.counts)

    const junit = await c.ok('doctor:report', { format: 'junit' })
    expect(junit).toMatchObject({ format: 'junit', fileName: 'doctor-junit.xml', fails: true })
    expect(junit.text).toContain('<failure type="fail"')
    const md = await c.ok('doctor:report', { format: 'markdown' })
    expect(md.text).toMatch(/^# Integration doctor: /)
    const json = JSON.parse((await c.ok('doctor:report', { format: 'json' })).text)
    expect(json.format).toBe('partner-console-doctor/1')
    for (const r of [junit.text, md.text, JSON.stringify(verdicts)]) {
      expect(r.includes(c.runtime.sandbox!.client.clientSecret)).toBe(false)
    }
    const refused = await c.call('doctor:drill', { drills: ['date-skew'] })
    expect(refused.ok ? null : refused.error.code).toBe('conflict')
  }, 60_000)
})
