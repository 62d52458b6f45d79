import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CaptureStatus } from '../../../src/shared/contract'
import { startTestConsole, type TestConsole } from '../requests/support'
import { captured, runClient, summary } from './capture-harness'

let c: TestConsole
let status: CaptureStatus

beforeAll(async () => {
  c = await startTestConsole()
  status = await c.ok('capture:start', { mode: 'gateway' })
})
afterAll(async () => {
  await c?.close()
})

describe('capture in gateway mode', () => {
  it('prints two loopback URLs and the PARTNER_* variables that point at them', () => {
    expect(status.gateway?.authUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(status.gateway?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(status.gateway?.authUrl).not.toBe(status.gateway?.baseUrl)
    expect(status.variables.find(v => v.name === 'PARTNER_BASE_URL')?.value).toBe(status.gateway?.baseUrl)
  })

  it('records every call of a Node integration in the log, explained, with its secrets masked', async () => {
    const run = await runClient(c, status, process.execPath, ['partner.mjs'])
    expect(run.stderr).toBe('')
    expect(run.stdout).toContain('export 200\nexport 401')
    const entries = captured(c)
    expect(summary(entries)).toEqual([
      'GET /oauth2/authorize/ 302',
      'POST /oauth2/token/ 200',
      'GET /marketplace/v2/platform-token/locations 200',
      expect.stringMatching(
        /^GET \/api\/v1\/export\/\d+\/tickets 200 \| Signature: valid \(checked against the environment’s client secret\)$/,
      ),
      expect.stringMatching(/^GET \/api\/v1\/export\/\d+\/tickets 401 \| Signature: wrong \(query string included\)$/),
    ])
    for (const e of entries) {
      expect(e.client?.userAgent).toBe('node')
      expect(e.client?.peerAddress).toBe('127.0.0.1')
    }
    const token = entries[1] as (typeof entries)[number]
    expect(token.purpose).toBe('oauth-token')
    const text = JSON.stringify(c.runtime.engine.layer.log.entries())
    const sandbox = c.runtime.sandbox as NonNullable<typeof c.runtime.sandbox>
    expect(text).not.toContain(sandbox.client.clientSecret)
    // The token the captured token response issued is a known secret now: masked wherever it appears.
    expect(token.responseBody?.text).toMatch(/"access_token":"\[redacted:access_token:[0-9a-f]{8}\]"/)
    expect(entries[2]?.notes.join(' ')).toMatch(/Bearer token [0-9a-f]{8}: issued by a captured token response, valid \d+ s more/)
    const code = /code=([^&]+)/.exec(entries[0]?.responseHeaders.find(h => h.name === 'location')?.value ?? '')?.[1]
    expect(code).toMatch(/^\[redacted:code:[0-9a-f]{8}\]$/)
  })
})
