import { execFile } from 'node:child_process'
import { X509Certificate } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runSandboxCommand } from '../../../src/main/cli/sandbox-command'
import {
  createCertificateAuthority,
  ensureSandboxTls,
  issueServerCertificate,
  SANDBOX_CA_DAYS,
  type SandboxTlsFiles,
  startSandbox,
} from '../../../src/sandbox'
import { OutputText } from '../../support/output'

// The sandbox's CA is trusted system-wide by users; whoever reads its key must still not be able to impersonate a real
// host. Checked with third-party TLS clients (openssl verify, curl --cacert), not with the code that made the CA.

let dir: string
let tls: SandboxTlsFiles

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-ca-'))
  tls = await ensureSandboxTls(dir)
})
afterAll(() => rm(dir, { recursive: true, force: true }))

function run(cmd: string, args: string[]): Promise<{ code: number; out: string }> {
  return new Promise(resolve => {
    execFile(cmd, args, { timeout: 20_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
      resolve({ code, out: `${stdout}${stderr}` })
    })
  })
}

/** `openssl verify` of a leaf for `host` signed with the sandbox CA's own key (what an attacker holding it would mint). */
async function verifyLeafFor(host: string): Promise<{ code: number; out: string }> {
  const leaf = issueServerCertificate(
    { certPem: tls.ca, keyPem: await readFile(tls.caKeyFile, 'utf8') },
    {
      hosts: [host],
      // Not a host name, so openssl judges the leaf by its subjectAltName alone (an IP-looking CN is checked as a DNS name).
      commonName: 'Sandbox test leaf',
    },
  )
  const file = join(dir, `leaf-${host.replaceAll(/[^a-z0-9]/gi, '_')}.pem`)
  await writeFile(file, leaf.certPem)
  return run('openssl', ['verify', '-CAfile', tls.caFile, file])
}

describe("the sandbox's CA signs only for loopback", () => {
  it('a leaf it signs for a real host is refused by openssl; leaves for loopback names are accepted', async () => {
    for (const host of [
      'partner-api.example.com',
      'localhost.example.com',
      'evil-localhost',
      '10.0.0.1',
      '128.0.0.1',
      '::2',
      '192.168.1.1',
    ]) {
      const r = await verifyLeafFor(host)
      expect(r.code, `${host}: ${r.out}`).not.toBe(0)
      expect(r.out, host).toMatch(/permitted subtree violation|name constraints/i)
    }
    for (const host of ['localhost', 'api.localhost', '127.0.0.1', '127.200.3.4', '::1']) {
      const r = await verifyLeafFor(host)
      expect(r.code, `${host}: ${r.out}`).toBe(0)
    }
    const own = await run('openssl', ['verify', '-CAfile', tls.caFile, '-verify_hostname', 'localhost', tls.certFile])
    expect(own.code, own.out).toBe(0)
  })

  it('curl --cacert accepts the running sandbox and refuses a server presenting a partner-api.example.com leaf', async () => {
    const sandbox = await startSandbox({ quiet: true, tls: { cert: tls.cert, key: tls.key } })
    const caKey = await readFile(tls.caKeyFile, 'utf8')
    const forged = issueServerCertificate({ certPem: tls.ca, keyPem: caKey }, { hosts: ['partner-api.example.com'] })
    const impostor = createServer({ cert: forged.certPem, key: forged.keyPem }, (_req, res) => res.end('impersonated'))
    await new Promise<void>(resolve => impostor.listen(0, '127.0.0.1', resolve))
    try {
      const ok = await run('curl', [
        '-sS',
        '--cacert',
        tls.caFile,
        `${sandbox.url}/_sandbox/openapi.json`,
        '-o',
        '/dev/null',
        '-w',
        '%{http_code}',
      ])
      expect(ok.out).toBe('200')
      const port = (impostor.address() as AddressInfo).port
      const refused = await run('curl', [
        '-sS',
        '--cacert',
        tls.caFile,
        '--resolve',
        `partner-api.example.com:${port}:127.0.0.1`,
        `https://partner-api.example.com:${port}/`,
      ])
      expect(refused.code).toBe(60)
      expect(refused.out).not.toContain('impersonated')
    } finally {
      await new Promise(resolve => impostor.close(resolve))
      await sandbox.close()
    }
  })

  it('lives as long as a development CA, and its server certificate never outlives it', () => {
    const ca = new X509Certificate(tls.ca)
    const days = (Date.parse(ca.validTo) - Date.parse(ca.validFrom)) / 86_400_000
    expect(days).toBeLessThanOrEqual(SANDBOX_CA_DAYS + 1)
    expect(Date.parse(new X509Certificate(tls.cert).validTo)).toBeLessThanOrEqual(Date.parse(ca.validTo))
  })

  it('an existing CA without constraints is replaced, and the CLI says so and what to remove', async () => {
    const old = join(dir, 'old')
    await mkdir(join(old, 'tls'), { recursive: true })
    const legacy = createCertificateAuthority('Partner Console Sandbox local CA')
    await writeFile(join(old, 'tls', 'sandbox-ca.pem'), legacy.certPem)
    await writeFile(join(old, 'tls', 'sandbox-ca-key.pem'), legacy.keyPem, { mode: 0o600 })
    const out = new OutputText()
    const err = new OutputText()
    let stop!: () => void
    const stopped = new Promise<void>(resolve => {
      stop = resolve
    })
    const running = runSandboxCommand(['--tls', '--data-dir', old, '--quiet'], { stdout: out.writable(), stderr: err.writable() }, stopped)
    await out.waitFor('Press Ctrl-C')
    stop()
    expect(await running).toBe(0)
    expect(err.text).toMatch(/previous local CA was replaced: it has no name constraints/)
    expect(err.text).toMatch(/Remove the old/)
    expect(out.text).toMatch(/What it can sign: only localhost/)
    const now = await readFile(join(old, 'tls', 'sandbox-ca.pem'), 'utf8')
    expect(now).not.toBe(legacy.certPem)
    const again = await ensureSandboxTls(old)
    expect(again.replacedCa).toBeUndefined()
    expect(again.ca).toBe(now)
    const r = await run('openssl', ['verify', '-CAfile', again.caFile, '-verify_hostname', 'localhost', again.certFile])
    expect(r.code, r.out).toBe(0)
  })
})
