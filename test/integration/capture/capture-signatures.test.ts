import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { secretForms } from '../../../src/main/engine/core/secret-forms'
import { fingerprint } from '../../../src/main/engine/core/secret-registry'
import { signRequest } from '../../../src/main/engine/signing/signer'
import type { LogEntry } from '../../../src/shared/contract'
import { type StandaloneCapture, standaloneCapture } from '../../support/standalone-capture'

/**
 * An upstream that gives every signature back: in a response header, and in its JSON body as itself, base64 and
 * percent-encoded, the way a chatty error page or a debug endpoint of a partner's test server might.
 */
async function echoingUpstream(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    req.resume()
    const signature = String(req.headers['x-signature'] ?? '')
    const body = JSON.stringify({
      error: `signature ${signature} refused`,
      received: { base64: Buffer.from(signature).toString('base64'), query: `sig=${encodeURIComponent(signature)}` },
    })
    res.writeHead(401, { 'content-type': 'application/json', 'x-echo': signature })
    res.end(body)
  })
  await new Promise<void>(r => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise(r => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}

let up: Awaited<ReturnType<typeof echoingUpstream>>
let c: StandaloneCapture
let base: string

beforeAll(async () => {
  up = await echoingUpstream()
  c = await standaloneCapture({ authUrl: up.url, baseUrl: up.url })
  base = (await c.capture.start({ mode: 'gateway' })).gateway?.baseUrl as string
})
afterAll(async () => {
  await c?.close()
  await up?.close()
})

const byId = (id: string): LogEntry | undefined => c.layer.log.entries().find(e => e.url.includes(`n=${id}`))

/** Sends a signed export; `echoInQuery` also puts the signature in the query (the URL is a text of the exchange too). */
async function sendSigned(n: string, secret: string, timestamp: number, echoInQuery = false): Promise<string> {
  const path = `/api/v1/export/101/tickets`
  const signed = signRequest({ clientId: c.env.clientId, clientSecret: secret, method: 'GET', path, timestamp })
  const query = echoInQuery ? `&sig=${signed.signature}` : ''
  const res = await fetch(`${base}${path}?n=${n}${query}`, { headers: signed.headers })
  await res.arrayBuffer()
  expect(res.status).toBe(401)
  return signed.signature
}

describe('captured signatures', () => {
  it('are masked in every part of their own exchange, in every encoding, with the same marker everywhere', async () => {
    const now = Math.floor(Date.now() / 1000)
    const right = await sendSigned('right', c.env.clientSecret, now)
    // A signature made with another secret, also sent in the query: the URL and the verdict's notes are texts too.
    const wrong = await sendSigned('wrong', 'another-secret-entirely', now, true)
    for (const [n, signature] of [
      ['right', right],
      ['wrong', wrong],
    ] as const) {
      const entry = byId(n) as LogEntry
      const marker = `[redacted:signature:${fingerprint(signature)}]`
      expect(entry.requestHeaders.find(h => h.name === 'x-signature')?.value).toBe(marker)
      expect(entry.responseHeaders.find(h => h.name === 'x-echo')?.value).toBe(marker)
      expect(entry.responseBody?.text).toContain(`signature ${marker} refused`)
    }
    expect(byId('right')?.notes.join(' ')).toContain('Signature: valid')
    expect(byId('wrong')?.notes.join(' ')).toContain('Signature: wrong')
    const text = JSON.stringify(c.layer.log.entries())
    expect(byId('wrong')?.url).toContain(`sig=[redacted:signature:${fingerprint(wrong)}]`)
    for (const signature of [right, wrong]) for (const form of secretForms(signature)) expect(text).not.toContain(form)
  })

  it('stay masked in an export with the session’s secrets put back: they were never kept', async () => {
    const signature = await sendSigned('export', c.env.clientSecret, Math.floor(Date.now() / 1000))
    const revealed = c.secrets.reveal(JSON.stringify(byId('export')))
    expect(revealed.text).not.toContain(signature)
    expect(revealed.unresolved).toBeGreaterThanOrEqual(3)
  })

  it('never join the session’s secrets, however many signed requests pass', async () => {
    const before = c.secrets.size
    const signatures: string[] = []
    const now = Math.floor(Date.now() / 1000)
    for (let i = 0; i < 40; i++) signatures.push(await sendSigned(`many-${i}`, c.env.clientSecret, now - i))
    expect(c.secrets.size).toBe(before)
    for (const s of signatures) expect(c.secrets.has(s)).toBe(false)
    const text = JSON.stringify(c.layer.log.entries())
    for (const s of signatures) expect(text).not.toContain(s)
  })

  it('a signature sent again is masked again, and named as reused', async () => {
    const now = Math.floor(Date.now() / 1000)
    const path = `/api/v1/export/101/tickets`
    const signed = signRequest({ clientId: c.env.clientId, clientSecret: c.env.clientSecret, method: 'GET', path, timestamp: now })
    for (const n of ['replay-1', 'replay-2']) {
      const res = await fetch(`${base}${path}?n=${n}`, { headers: signed.headers })
      await res.arrayBuffer()
    }
    const second = byId('replay-2') as LogEntry
    expect(second.notes.join(' ')).toContain('Signature reused')
    expect(JSON.stringify([byId('replay-1'), second])).not.toContain(signed.signature)
  })
})
