import { stat } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConsoleError } from '../../../src/main/engine/core/console-error'
import {
  createCertificateAuthority,
  ensureSandboxTls,
  type IssuedCertificate,
  issueServerCertificate,
  startSandbox,
} from '../../../src/sandbox'
import { envWith, httpsServer, requestsEngine, tempDir, writePem } from './support'

let tmp: Awaited<ReturnType<typeof tempDir>>
let ca: IssuedCertificate
let caFile: string
const { engine } = requestsEngine()

beforeAll(async () => {
  tmp = await tempDir()
  ca = createCertificateAuthority('Test private CA')
  caFile = await writePem(tmp.dir, 'ca.pem', ca.certPem)
})
afterAll(async () => {
  await engine.layer.close()
  await tmp.cleanup()
})

async function failure(promise: Promise<unknown>): Promise<ConsoleError> {
  try {
    await promise
  } catch (error) {
    return error as ConsoleError
  }
  throw new Error('expected the request to fail')
}

describe('HTTPS with a private CA: trust, and errors that name the cause and the fix', () => {
  it('creates the sandbox CA once (key 0600) and serves the sandbox over HTTPS with it', async () => {
    const first = await ensureSandboxTls(tmp.dir)
    const again = await ensureSandboxTls(tmp.dir)
    expect(first.createdCa).toBe(true)
    expect(again.createdCa).toBe(false)
    expect(again.ca).toBe(first.ca)
    expect((await stat(first.caKeyFile)).mode & 0o777).toBe(0o600)
    expect((await stat(first.keyFile)).mode & 0o777).toBe(0o600)
    const sandbox = await startSandbox({ quiet: true, tls: { cert: first.cert, key: first.key } })
    try {
      expect(sandbox.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
      const untrusted = await failure(
        engine.executor.execute({ method: 'GET', target: 'api', path: `${sandbox.url}/_sandbox/openapi.json`, auth: 'none' }),
      )
      expect(untrusted.message).toMatch(/untrusted chain/)
      expect(untrusted.message).not.toMatch(/fetch failed/)
      expect(untrusted.hint).toMatch(/CA files/)
      expect(untrusted.hint).toMatch(/NODE_EXTRA_CA_CERTS/)
      expect(untrusted.hint).toMatch(/--ca/)
      const env = envWith({ caFiles: [first.caFile] }, sandbox.url)
      const ok = await engine.executor.execute({ env, method: 'GET', target: 'api', path: '/_sandbox/openapi.json', auth: 'none' })
      expect(ok.view.status).toBe(200)
      const tls = ok.view.connection?.tls
      expect(tls?.protocol).toBe('TLSv1.3')
      expect(tls?.cipher).toMatch(/^TLS_/)
      expect(tls?.alpn).toBe('http/1.1')
      expect(tls?.chain[0]?.subjectAltNames).toEqual(expect.arrayContaining(['127.0.0.1', 'localhost']))
      expect(tls?.chain.at(-1)?.subject).toMatch(/Partner Console Sandbox local CA/)
      expect(tls?.trustedBy).toBe(`CA file ${first.caFile}`)
      expect(tls?.inspection).toBeNull()
      expect(ok.view.connection?.reused).toBe(false)
      expect(ok.view.connection?.proxy).toBeNull()
      const logged = engine.layer.log.get(ok.view.logId)
      expect(logged.connection?.tls?.trustedBy).toBe(`CA file ${first.caFile}`)
    } finally {
      await sandbox.close()
    }
  })

  it('says host-name mismatch for a certificate issued for another name', async () => {
    const server = await httpsServer(issueServerCertificate(ca, { hosts: ['api.other.example'] }))
    try {
      const e = await failure(
        engine.executor.execute({ env: envWith({ caFiles: [caFile] }, server.url), method: 'GET', target: 'api', path: '/', auth: 'none' }),
      )
      expect(e.message).toMatch(/^Host-name mismatch/)
      expect(e.message).toMatch(/127\.0\.0\.1/)
      expect(e.hint).toMatch(/host name the certificate is issued for/)
      expect((e.details as { tls: string }).tls).toBe('hostname-mismatch')
    } finally {
      await server.close()
    }
  })

  it('says expired for an expired certificate', async () => {
    const day = 86_400_000
    const expired = issueServerCertificate(ca, {
      hosts: ['127.0.0.1'],
      notBefore: new Date(Date.now() - 30 * day),
      notAfter: new Date(Date.now() - day),
    })
    const server = await httpsServer(expired)
    try {
      const e = await failure(
        engine.executor.execute({ env: envWith({ caFiles: [caFile] }, server.url), method: 'GET', target: 'api', path: '/', auth: 'none' }),
      )
      expect(e.message).toMatch(/has expired \(CERT_HAS_EXPIRED\)/)
      expect(e.hint).toMatch(/renew/)
    } finally {
      await server.close()
    }
  })

  it('names a CA file that cannot be read, and the setting to fix', async () => {
    const server = await httpsServer(issueServerCertificate(ca, { hosts: ['127.0.0.1'] }))
    try {
      const e = await failure(
        engine.executor.execute({
          env: envWith({ caFiles: [`${tmp.dir}/missing.pem`] }, server.url),
          method: 'GET',
          target: 'api',
          path: '/',
          auth: 'none',
        }),
      )
      expect(e.message).toMatch(/The CA file .*missing\.pem could not be read \(ENOENT\)/)
      expect(e.hint).toMatch(/CA files/)
    } finally {
      await server.close()
    }
  })

  it('says a plain-HTTP port is not TLS', async () => {
    const sandbox = await startSandbox({ quiet: true })
    try {
      const https = sandbox.url.replace('http:', 'https:')
      const e = await failure(
        engine.executor.execute({ method: 'GET', target: 'api', path: `${https}/_sandbox/openapi.json`, auth: 'none' }),
      )
      expect(e.message).toMatch(/did not answer with TLS/)
      expect(e.hint).toMatch(/http:\/\//)
    } finally {
      await sandbox.close()
    }
  })
})
