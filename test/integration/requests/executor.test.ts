import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HttpExchangeView, PhaseTimings } from '../../../src/shared/contract'
import { startLoopback, startTestConsole, type TestConsole } from './support'

let c: TestConsole
beforeAll(async () => {
  c = await startTestConsole()
})
afterAll(async () => {
  await c.close()
})

function expectConsistent(t: PhaseTimings) {
  const phases = [t.blocked, t.dns, t.connect, t.tls, t.send, t.wait, t.receive]
  for (const p of phases) if (p !== null) expect(p).toBeGreaterThanOrEqual(0)
  const sum = phases.reduce<number>((a, p) => a + (p ?? 0), 0)
  expect(sum).toBeLessThanOrEqual(t.total + 0.01)
  expect(t.total).toBeGreaterThan(0)
}

describe('the executor against the sandbox and loopback servers', () => {
  it('measures per-phase timings: a fresh connection has connect, a reused one does not; phases sum ≤ total', async () => {
    const url = `${c.runtime.sandbox?.url}/_sandbox/openapi.json`
    const before = performance.now()
    const first = await c.ok('http:send', { method: 'GET', path: url })
    const wall = performance.now() - before
    // undici frees a keep-alive socket on the next turn of the event loop; a person never clicks faster than that.
    await new Promise(r => setImmediate(r))
    const second = await c.ok('http:send', { method: 'GET', path: url })
    expect(first.status).toBe(200)
    expect(first.bodyKind).toBe('json')
    expect(first.timings.reusedConnection).toBe(false)
    expect(first.timings.connect).not.toBeNull()
    expect(first.timings.dns).toBeNull() // an IP literal: no lookup
    expect(first.timings.tls).toBeNull() // plain http
    expect(first.timings.total).toBeLessThanOrEqual(wall)
    expect(second.timings.reusedConnection).toBe(true)
    expect(second.timings.connect).toBeNull()
    expectConsistent(first.timings)
    expectConsistent(second.timings)
    expect(first.timings.wait).toBeGreaterThan(0)
    const logged = await c.ok('log:get', { id: second.logId })
    expect(logged.timings).toEqual(second.timings)
  })

  it('measures DNS when the host is a name', async () => {
    const port = new URL(c.runtime.sandbox?.url ?? '').port
    const r = await c.ok('http:send', { method: 'GET', path: `http://localhost:${port}/_sandbox/openapi.json` })
    expect(r.status).toBe(200)
    if (!r.timings.reusedConnection) expect(r.timings.dns).not.toBeNull()
    expectConsistent(r.timings)
  })

  it('times out against a server that never answers, and logs the failure', async () => {
    const silent = await startLoopback(() => {})
    try {
      const started = Date.now()
      const r = await c.call('http:send', { method: 'GET', path: `${silent.url}/hang`, timeoutMs: 300 })
      expect(Date.now() - started).toBeLessThan(3000)
      expect(r.ok).toBe(false)
      if (r.ok) return
      expect(r.error.code).toBe('timeout')
      expect(r.error.message).toContain('300 ms')
      const list = await c.ok('log:list', { text: '/hang' })
      expect(list.entries[0]).toMatchObject({ state: 'failed', status: null })
      expect(list.entries[0]?.error).toContain('300 ms')
    } finally {
      await silent.close()
    }
  })

  it('cancels a request through its call signal while it waits', async () => {
    let arrived!: () => void
    const requestArrived = new Promise<void>(resolve => {
      arrived = resolve
    })
    const silent = await startLoopback(() => arrived())
    try {
      const controller = new AbortController()
      const pending = c.call(
        'http:send',
        { method: 'POST', path: `${silent.url}/slow`, body: '{"a":1}', timeoutMs: 20_000 },
        { signal: controller.signal },
      )
      await requestArrived
      controller.abort()
      const r = await pending
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.error.code).toBe('cancelled')
      const list = await c.ok('log:list', { text: '/slow' })
      expect(list.entries[0]).toMatchObject({ state: 'failed', status: null })
    } finally {
      await silent.close()
    }
  })

  it('keeps a 50 MB body within the cap: memory bounded, real size reported, truncation marked', async () => {
    const total = 50 * 1024 * 1024
    const chunk = Buffer.alloc(64 * 1024, 'a')
    const big = await startLoopback((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': total })
      let sent = 0
      const pump = () => {
        while (sent < total) {
          sent += chunk.length
          if (!res.write(chunk)) {
            res.once('drain', pump)
            return
          }
        }
        res.end()
      }
      pump()
    })
    try {
      global.gc?.()
      const base = process.memoryUsage()
      let peak = 0
      // Live memory, not garbage: with --expose-gc (vitest.config.ts) each sample collects first, so the measure does
      // not depend on when V8 chose to collect on a loaded machine.
      const sampler = setInterval(() => {
        global.gc?.()
        const m = process.memoryUsage()
        peak = Math.max(peak, m.heapUsed + m.arrayBuffers - (base.heapUsed + base.arrayBuffers))
      }, 20)
      const r = await c.ok('http:send', { method: 'GET', path: `${big.url}/big`, timeoutMs: 60_000 })
      clearInterval(sampler)
      expect(r.status).toBe(200)
      expect(r.bodyBytes).toBe(total)
      expect(r.keptBytes).toBe(1024 * 1024)
      expect(r.truncated).toBe(true)
      expect(r.body).toMatch(/\[… truncated by the console: kept 1\.0 MiB of 50\.0 MiB \(52428800 bytes\)\]$/)
      expect(peak).toBeLessThan(40 * 1024 * 1024)
      const logged = await c.ok('log:get', { id: r.logId })
      expect(logged.responseBody?.size).toBe(total)
      expect(logged.responseBody?.text.length).toBeLessThanOrEqual(256 * 1024)
      expect(logged.truncated).toBe(true)
    } finally {
      await big.close()
    }
  })

  it('reports a server that resets mid-body: the part received, and why it is incomplete', async () => {
    const resetting = await startLoopback((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 100_000 })
      // Closed once the part is handed to the kernel (the write's callback says when): the client gets it, then the end.
      res.write(`{"data":"${'x'.repeat(9_991)}`, () => res.socket?.destroy())
    })
    try {
      const r = await c.ok('http:send', { method: 'GET', path: `${resetting.url}/reset` })
      expect(r.status).toBe(200)
      expect(r.keptBytes).toBe(10_000)
      expect(r.incomplete).toContain('closed the connection before the response body was complete')
      expect(r.bodyKind).toBe('invalid-json')
      const logged = await c.ok('log:get', { id: r.logId })
      expect(logged.state).toBe('failed')
      // Engine callers (token calls) get an error instead of half a body.
      const send = c.runtime.engine.layer.client.send
      await expect(send({ method: 'GET', url: `${resetting.url}/reset`, headers: {}, purpose: 'other' })).rejects.toMatchObject({
        code: 'network',
      })
    } finally {
      await resetting.close()
    }
  })

  it('shows a non-JSON 500 and broken JSON as they are', async () => {
    const failing = await startLoopback((req, res) => {
      if (req.url === '/html') {
        res.writeHead(500, { 'content-type': 'text/html' })
        res.end('<html><body>Internal Server Error</body></html>')
      } else {
        res.writeHead(502, { 'content-type': 'application/json' })
        res.end('{"error": "upstream", ')
      }
    })
    try {
      const html = await c.ok('http:send', { method: 'GET', path: `${failing.url}/html` })
      expect(html).toMatchObject({ status: 500, bodyKind: 'text', body: '<html><body>Internal Server Error</body></html>' })
      const broken: HttpExchangeView = await c.ok('http:send', { method: 'GET', path: `${failing.url}/json` })
      expect(broken).toMatchObject({ status: 502, bodyKind: 'invalid-json', body: '{"error": "upstream", ' })
      expect(broken.jsonError).toBeTruthy()
    } finally {
      await failing.close()
    }
  })

  it('says what happened when nothing listens, and refuses non-http schemes before sending', async () => {
    const closed = await startLoopback(() => {})
    const url = closed.url
    await closed.close()
    const refused = await c.call('http:send', { method: 'GET', path: `${url}/x` })
    expect(refused.ok).toBe(false)
    if (!refused.ok) {
      expect(refused.error.code).toBe('network')
      expect(refused.error.message).toContain('refused')
      expect(refused.error.hint).toBeTruthy()
    }
    const bad = await c.call('http:send', { method: 'GET', path: 'ftp://127.0.0.1/x' })
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.error.code).toBe('invalid_request')
  })
})
