import { writeFile } from 'node:fs/promises'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { TLSSocket } from 'node:tls'
import forge from 'node-forge'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConsoleError } from '../../../src/main/engine/core/console-error'
import { createCertificateAuthority, issueClientCertificate, issueServerCertificate } from '../../../src/sandbox'
import { envWith, requestsEngine, tempDir, writePem } from './support'

let tmp: Awaited<ReturnType<typeof tempDir>>
let server: ReturnType<typeof createServer>
let url: string
let caFile: string
let certFile: string
let p12File: string
const client = { certPem: '', keyPem: '' }
const P12_PASSPHRASE = 'p12-pass-5be0c1'
const { engine, secrets } = requestsEngine()

beforeAll(async () => {
  tmp = await tempDir()
  const serverCa = createCertificateAuthority('Server CA')
  const clientCa = createCertificateAuthority('Client CA')
  Object.assign(client, issueClientCertificate(clientCa, 'partner-app'))
  caFile = await writePem(tmp.dir, 'server-ca.pem', serverCa.certPem)
  certFile = await writePem(tmp.dir, 'client.pem', client.certPem)
  const p12 = forge.pkcs12.toPkcs12Asn1(
    forge.pki.privateKeyFromPem(client.keyPem),
    [forge.pki.certificateFromPem(client.certPem)],
    P12_PASSPHRASE,
    { algorithm: 'aes256' },
  )
  p12File = join(tmp.dir, 'client.p12')
  await writeFile(p12File, Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'))
  const cert = issueServerCertificate(serverCa, { hosts: ['127.0.0.1'] })
  server = createServer(
    { cert: cert.certPem, key: cert.keyPem, ca: clientCa.certPem, requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      res.end(JSON.stringify({ client: (req.socket as TLSSocket).getPeerCertificate().subject?.CN }))
    },
  )
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await engine.layer.close()
  server.closeAllConnections()
  await new Promise(resolve => server.close(resolve))
  await tmp.cleanup()
})

const get = (network: Parameters<typeof envWith>[0]) =>
  engine.executor.execute({ env: envWith(network, url), method: 'GET', target: 'api', path: '/', auth: 'none' })

describe('client certificates (mutual TLS) per environment', () => {
  it('says the server wants a client certificate when none is set', async () => {
    let error: ConsoleError | undefined
    try {
      await get({ caFiles: [caFile] })
    } catch (e) {
      error = e as ConsoleError
    }
    // TLS 1.3: the server's refusal reaches the client as a closed connection; the hint names the client certificate.
    expect(error?.message).toMatch(/closed the connection without answering|no client certificate was sent/)
    expect(error?.hint).toMatch(/client certificate \(mutual TLS\).*\(PEM pair or PKCS#12\)/)
  })

  it('presents a PEM certificate with its key from the vault, and shows it (without the key) in the explainer', async () => {
    const r = await get({ caFiles: [caFile], clientCert: { kind: 'pem', certFile, key: client.keyPem } })
    expect(r.view.status).toBe(200)
    expect(JSON.parse(r.view.body)).toEqual({ client: 'partner-app' })
    expect(r.view.connection?.tls?.clientCertificate).toBe(`PEM ${certFile} (key in the vault)`)
    expect(secrets.redact(client.keyPem)).not.toContain('PRIVATE KEY-----\n')
  })

  it('presents a PKCS#12 file with its passphrase, and names a wrong passphrase', async () => {
    const r = await get({ caFiles: [caFile], clientCert: { kind: 'pkcs12', file: p12File, passphrase: P12_PASSPHRASE } })
    expect(JSON.parse(r.view.body)).toEqual({ client: 'partner-app' })
    let error: ConsoleError | undefined
    try {
      await get({ caFiles: [caFile], clientCert: { kind: 'pkcs12', file: p12File, passphrase: 'wrong' } })
    } catch (e) {
      error = e as ConsoleError
    }
    expect(error?.message).toMatch(/The client certificate \(PKCS#12 .*client\.p12\) could not be used: the passphrase is wrong/)
    expect(error?.hint).toMatch(/PKCS#12 passphrase/)
  })
})
