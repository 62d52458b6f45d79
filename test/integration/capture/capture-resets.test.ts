import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LogEntry } from '../../../src/shared/contract'
import { type StandaloneCapture, standaloneCapture } from '../../support/standalone-capture'

/**
 * Connections reset (TCP RST, socket.resetAndDestroy()) in the middle of an exchange, by the partner's client or by
 * the upstream, during the request body or the response body. Each must end only its own exchange, recorded with the
 * hop that failed, and never the capture (an uncaught socket error would end the whole process, and this test run).
 */
let upstream: Server
let upstreamUrl: string
let c: StandaloneCapture
let gateway: { host: string; port: number }

/** Upstream paths: `/ok` answers at once; the others misbehave on purpose. */
function serve(req: IncomingMessage, res: ServerResponse): void {
  if (req.url === '/upstream-resets-mid-response') {
    req.resume()
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100000' })
    res.write('x'.repeat(1000), () => (res.socket as Socket).resetAndDestroy())
    return
  }
  if (req.url === '/upstream-resets-mid-request') {
    req.once('data', () => (req.socket as Socket).resetAndDestroy())
    return
  }
  if (req.url === '/answers-before-the-body') {
    // Answers at once and never reads the request body (as a server refusing an upload does).
    res.writeHead(413, { 'content-type': 'text/plain', connection: 'close' })
    res.end('too large')
    return
  }
  if (req.url === '/slow-response') {
    req.resume()
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.write('first part ')
    // Never ends by itself: the client resets first; closing the test's servers ends it.
    return
  }
  const chunks: Buffer[] = []
  req.on('data', d => chunks.push(d))
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ path: req.url, received: Buffer.concat(chunks).length }))
  })
}

beforeAll(async () => {
  upstream = createServer(serve)
  await new Promise<void>(r => upstream.listen(0, '127.0.0.1', r))
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`
  c = await standaloneCapture({ authUrl: upstreamUrl, baseUrl: upstreamUrl, timeoutMs: 10_000 })
  const status = await c.capture.start({ mode: 'gateway' })
  const url = new URL(status.gateway?.baseUrl as string)
  gateway = { host: url.hostname, port: Number(url.port) }
})
afterAll(async () => {
  await c?.close()
  upstream?.closeAllConnections()
  await new Promise(r => upstream?.close(r))
})

const captured = () => c.layer.log.entries().filter(e => e.source === 'captured')

/** Resolves once the log holds an entry for `path` beyond the first `before` entries. */
function entryFor(path: string, before: number): Promise<LogEntry> {
  return new Promise((resolve, reject) => {
    const look = () =>
      captured()
        .slice(before)
        .find(e => e.path === path)
    const found = look()
    if (found) return resolve(found)
    const off = c.capture.onRecorded(() => {
      const e = look()
      if (e) {
        off()
        resolve(e)
      }
    })
    setTimeout(() => {
      off()
      reject(new Error(`no log entry for ${path}`))
    }, 20_000).unref()
  })
}

/**
 * A raw client: sends `head` (and `body`), and resets its connection when `resetWhen` says so: once written, at the
 * first byte of the answer, or at the first byte after writing more of the body (still uploading when answered).
 */
function rawClient(head: string, body: string, resetWhen: 'after-write' | 'on-first-byte' | 'upload-on'): Promise<string> {
  return new Promise(resolve => {
    const socket = connect(gateway.port, gateway.host, () => {
      socket.write(head + body, () => {
        if (resetWhen === 'after-write') socket.resetAndDestroy()
      })
    })
    let got = ''
    socket.on('data', d => {
      got += d
      if (socket.destroyed) return
      if (resetWhen === 'on-first-byte') socket.resetAndDestroy()
      if (resetWhen === 'upload-on') socket.write(body, () => socket.resetAndDestroy())
    })
    socket.on('error', () => {})
    socket.on('close', () => resolve(got))
  })
}

/** The capture still forwards and records an ordinary exchange. */
async function nextExchangeIsIntact(): Promise<void> {
  const before = captured().length
  const res = await fetch(`http://${gateway.host}:${gateway.port}/ok`, { method: 'POST', body: 'hello' })
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual({ path: '/ok', received: 5 })
  const entry = await entryFor('/ok', before)
  expect(entry.status).toBe(200)
  expect(entry.error).toBeNull()
}

describe('capture gateway with connections reset mid-exchange', () => {
  it('a client that resets mid-request body ends only its own exchange, logged as the client’s', async () => {
    for (let i = 0; i < 5; i++) {
      const before = captured().length
      const head = 'POST /ok HTTP/1.1\r\nhost: x\r\ncontent-type: text/plain\r\ncontent-length: 100000\r\n\r\n'
      await rawClient(head, 'a'.repeat(5000), 'after-write')
      const entry = await entryFor('/ok', before)
      expect(entry.error).toMatch(/^Client: /)
      await nextExchangeIsIntact()
    }
  })

  it('a client that resets mid-response ends only its own exchange, logged as the client’s', async () => {
    for (let i = 0; i < 5; i++) {
      const before = captured().length
      const got = await rawClient('GET /slow-response HTTP/1.1\r\nhost: x\r\n\r\n', '', 'on-first-byte')
      expect(got).toMatch(/^HTTP\/1\.1 200/)
      const entry = await entryFor('/slow-response', before)
      expect(entry.error).toMatch(/^Client: /)
      await nextExchangeIsIntact()
    }
  })

  it('an upstream that resets mid-response breaks off only that response, logged as the upstream’s', async () => {
    for (let i = 0; i < 5; i++) {
      const before = captured().length
      const res = await fetch(`http://${gateway.host}:${gateway.port}/upstream-resets-mid-response`)
      expect(res.status).toBe(200)
      await expect(res.arrayBuffer()).rejects.toThrow()
      const entry = await entryFor('/upstream-resets-mid-response', before)
      expect(entry.error).toMatch(/^Upstream: .*broke off/)
      await nextExchangeIsIntact()
    }
  })

  it('an upstream that resets mid-request body becomes a 502 naming the host, logged as the upstream’s', async () => {
    for (let i = 0; i < 5; i++) {
      const before = captured().length
      const head = `POST /upstream-resets-mid-request HTTP/1.1\r\nhost: x\r\ncontent-length: 200000\r\nconnection: close\r\n\r\n`
      const got = await rawClient(head, 'b'.repeat(200_000), 'on-first-byte')
      const entry = await entryFor('/upstream-resets-mid-request', before)
      expect(entry.error).toMatch(/^Upstream: /)
      expect(got === '' || /^HTTP\/1\.1 502/.test(got)).toBe(true)
      await nextExchangeIsIntact()
    }
  })

  it('a client still uploading when the upstream has answered, then resetting, ends only its own exchange', async () => {
    for (let i = 0; i < 5; i++) {
      const before = captured().length
      const head = 'POST /answers-before-the-body HTTP/1.1\r\nhost: x\r\ncontent-length: 10000000\r\n\r\n'
      await rawClient(head, 'c'.repeat(64 * 1024), 'upload-on')
      const entry = await entryFor('/answers-before-the-body', before)
      expect(entry.status === 413 || /^Client: /.test(entry.error ?? '')).toBe(true)
      await nextExchangeIsIntact()
    }
  })
})
