import { createSecureServer, type Http2SecureServer } from 'node:http2'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConsoleError } from '../../../src/main/engine/core/console-error'
import { Agent } from '../../../src/main/engine/http/undici-parts'
import { createCertificateAuthority, type IssuedCertificate, issueServerCertificate } from '../../../src/sandbox'
import { envWith, requestsEngine, tempDir, writePem } from './support'

// The console speaks HTTP/1.1 only (it never sets undici's allowH2), and undici's HTTP/2 half is loaded only when a
// connection actually negotiates h2. These pin what a user sees against HTTP/2 servers, and that the half still works
// when asked for.

let tmp: Awaited<ReturnType<typeof tempDir>>
let ca: IssuedCertificate
let caFile: string
let cert: IssuedCertificate
const { engine } = requestsEngine()
const servers: Http2SecureServer[] = []

beforeAll(async () => {
  tmp = await tempDir()
  ca = createCertificateAuthority('HTTP/2 test CA')
  caFile = await writePem(tmp.dir, 'ca.pem', ca.certPem)
  cert = issueServerCertificate(ca, { hosts: ['127.0.0.1'] })
})
afterAll(async () => {
  await engine.layer.close()
  for (const server of servers) await new Promise(resolve => server.close(resolve))
  await tmp.cleanup()
})

/** An HTTP/2 server on loopback answering JSON that names the protocol version it served. */
async function h2Server(allowHTTP1: boolean): Promise<string> {
  const server = createSecureServer({ cert: cert.certPem, key: cert.keyPem, allowHTTP1 }, (req, res) => {
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ httpVersion: req.httpVersion }))
  })
  servers.push(server)
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('HTTP/2 servers', () => {
  it('talks HTTP/1.1 to a server that offers both', async () => {
    const url = await h2Server(true)
    const ok = await engine.executor.execute({
      env: envWith({ caFiles: [caFile] }, url),
      method: 'GET',
      target: 'api',
      path: '/',
      auth: 'none',
    })
    expect(ok.view.status).toBe(200)
    expect(ok.view.connection?.tls?.alpn).toBe('http/1.1')
    expect(JSON.parse(ok.view.body)).toEqual({ httpVersion: '1.1' })
  })

  it('refuses an HTTP/2-only server with an error that says what happened, not a crash', async () => {
    const url = await h2Server(false)
    let error: ConsoleError | undefined
    try {
      await engine.executor.execute({ env: envWith({ caFiles: [caFile] }, url), method: 'GET', target: 'api', path: '/', auth: 'none' })
    } catch (e) {
      error = e as ConsoleError
    }
    // The server and the console share no protocol: the handshake fails, and the error names the connection.
    expect(error?.message).toMatch(/^The TLS connection to 127\.0\.0\.1:\d+ failed: .*no application protocol/)
  })

  it('still reaches an HTTP/2-only server through undici when a dispatcher asks for h2 (the HTTP/2 half loads on use)', async () => {
    const url = await h2Server(false)
    const agent = new Agent({ allowH2: true, connect: { ca: [ca.certPem] } })
    try {
      const res = await agent.request({ origin: url, path: '/', method: 'GET' })
      expect(res.statusCode).toBe(200)
      expect(await res.body.json()).toEqual({ httpVersion: '2.0' })
    } finally {
      await agent.close()
    }
  })
})
