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

describe('the seam for the doctor', () => {
  it('hands each exchange to observers unredacted, and honours every interceptor decision', async () => {
    const seen: Array<{ logId: string; path: string; status: number | null; drill: string | null; auth: string | null }> = []
    const stop = c.runtime.engine.capture.observe(x =>
      seen.push({
        logId: x.logId,
        path: x.request.path,
        status: x.response?.status ?? null,
        drill: x.drill?.name ?? null,
        auth: x.request.headers.find(([n]) => n.toLowerCase() === 'authorization')?.[1] ?? null,
      }),
    )
    let ran = 0
    const drill = (name: string) => ({ name, detail: `${name} drill` })
    c.runtime.engine.capture.intercept({
      decide(request) {
        if (request.path.endsWith('/respond'))
          return { kind: 'respond', drill: drill('respond'), status: 418, headers: [['x-drill', 'yes']], body: 'teapot' }
        if (request.path.endsWith('/alter'))
          return { kind: 'alter', drill: drill('alter'), rewriteHeaders: h => [...h, ['x-altered', '1']] }
        if (request.path.endsWith('/before'))
          return {
            kind: 'before',
            drill: drill('before'),
            run: async () => {
              ran += 1
            },
          }
        return { kind: 'forward' }
      },
    })
    try {
      const base = status.gateway?.baseUrl as string
      const respond = await fetch(`${base}/x/respond`, { headers: { authorization: 'Bearer drill-token-123456' } })
      expect([respond.status, respond.headers.get('x-drill'), await respond.text()]).toEqual([418, 'yes', 'teapot'])
      const altered = await fetch(`${base}/x/alter`)
      await altered.arrayBuffer()
      expect(altered.headers.get('x-altered')).toBe('1')
      const before = await fetch(`${base}/x/before`)
      await before.arrayBuffer()
      expect(ran).toBe(1)
    } finally {
      c.runtime.engine.capture.intercept(null)
      stop()
    }
    expect(seen.map(s => `${s.path} ${s.status} ${s.drill}`)).toEqual([
      '/x/respond 418 respond',
      '/x/alter 404 alter',
      '/x/before 404 before',
    ])
    // Observers see what was sent; the log holds it redacted, with the drill named.
    expect(seen[0]?.auth).toBe('Bearer drill-token-123456')
    const entry = c.runtime.engine.layer.log.get(seen[0]?.logId as string)
    expect(entry.requestHeaders.find(h => h.name === 'authorization')?.value).toMatch(/^Bearer \[redacted:access_token:[0-9a-f]{8}\]$/)
    expect(entry.notes[0]).toBe('Drill respond: respond drill')
  })

  it('an observer that throws is noted on the exchange, the capture goes on and the next observer still sees it', async () => {
    const seen: string[] = []
    const stopFailing = c.runtime.engine.capture.observe(() => {
      throw new Error('observer broke on purpose')
    })
    const stopSeeing = c.runtime.engine.capture.observe(x => seen.push(x.logId))
    try {
      const r = await fetch(`${status.gateway?.baseUrl as string}/x/observed`)
      await r.arrayBuffer()
      expect(r.status).toBe(404)
    } finally {
      stopFailing()
      stopSeeing()
    }
    expect(seen).toHaveLength(1)
    const entry = c.runtime.engine.layer.log.get(seen[0] as string)
    expect(entry.notes).toContain('A capture observer failed on this exchange: observer broke on purpose')
  })
})
