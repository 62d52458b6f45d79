import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClockSkewEstimator } from '../../../src/main/engine/signing/clock-skew'

// A real loopback server whose clock runs 30 s ahead: it writes that time in its Date header, as a server with a
// badly set clock would.
const AHEAD_MS = 30_000
let server: Server
let url: string
beforeAll(async () => {
  server = createServer((_req, res) => {
    res.sendDate = false
    res.setHeader('Date', new Date(Date.now() + AHEAD_MS).toUTCString())
    res.end('ok')
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(() => new Promise<void>(resolve => server.close(() => resolve())))

describe('clock skew from real Date headers', () => {
  it('estimates a server 30 s ahead within 1.5 s and calls it danger', async () => {
    const skew = new ClockSkewEstimator()
    const levels: string[] = []
    skew.subscribe(e => levels.push(e.level))
    for (let i = 0; i < 7; i++) {
      const sentAt = Date.now()
      const res = await request(url)
      const receivedAt = Date.now()
      await res.body.text()
      skew.observe({ serverDate: String(res.headers.date), sentAt, receivedAt, source: `GET ${url}` })
      // The wall clock is the subject here: a Date header has 1 s resolution, so the seven samples are spread over
      // about a second of real time to fall at different phases of the server's second (what the estimator's
      // interval intersection narrows). No event can stand in for the passing of real time.
      await new Promise(r => setTimeout(r, 130))
    }
    const estimate = skew.estimate()!
    expect(estimate.level).toBe('danger')
    expect(Math.abs(estimate.offsetMs - AHEAD_MS)).toBeLessThanOrEqual(1_500)
    expect(estimate.uncertaintyMs).toBeLessThanOrEqual(1_000)
    expect(estimate.samples).toBe(7)
    expect(levels[0]).toBe('danger')
    expect(Math.abs(skew.serverNow() - (Date.now() + AHEAD_MS))).toBeLessThanOrEqual(1_500)
  })
})
