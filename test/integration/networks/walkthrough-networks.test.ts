import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { main } from '../../../src/main/cli/index'
import { findFreePort } from '../../../src/main/runtime/free-port'
import { ensureSandboxTls, startSandbox } from '../../../src/sandbox'
import { harProblems } from '../../unit/engine/har/fixtures/har-schema'
import { startOidcServer } from './oidc-server'
import { startForwardProxy } from './proxy-server'
import { tempDir } from './support'

class Capture extends Writable {
  text = ''
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString('utf8')
    done()
  }
}

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  delete process.env.PARTNER_CLIENT_SECRET
  for (const c of cleanups.splice(0).reverse()) await c()
})

/** A partner's HTTPS server with a private CA, reachable through an authenticating proxy. */
async function privateCaBehindProxy() {
  const tmp = await tempDir()
  cleanups.push(tmp.cleanup)
  const tls = await ensureSandboxTls(tmp.dir)
  const redirectUri = `http://127.0.0.1:${await findFreePort()}/callback`
  const client = { clientId: 'ci-client', clientSecret: 'canary-client-secret-77a1', redirectUris: [redirectUri] }
  const sandbox = await startSandbox({ quiet: true, autoConsent: 'allow', clients: [client], tls: { cert: tls.cert, key: tls.key } })
  cleanups.push(() => sandbox.close())
  const proxy = await startForwardProxy({ credentials: { username: 'alice', password: 'proxy-pw-c0ffee42' } })
  cleanups.push(() => proxy.close())
  process.env.PARTNER_CLIENT_SECRET = client.clientSecret
  const flags = ['--auth-url', sandbox.url, '--base-url', sandbox.url, '--client-id', client.clientId, '--redirect-uri', redirectUri]
  return { tmp, tls, sandbox, proxy, flags, proxyWithCredentials: proxy.url.replace('http://', 'http://alice:proxy-pw-c0ffee42@') }
}

describe('walkthrough behind a proxy, with a private CA, and against a standard OAuth server', () => {
  it('finishes with --ca and --proxy alone; the HAR says which proxy carried each request and has _tls', async () => {
    const s = await privateCaBehindProxy()
    const out = new Capture()
    const err = new Capture()
    const har = join(s.tmp.dir, 'run.har')
    const code = await main(
      ['walkthrough', ...s.flags, '--auto-consent', '--ca', s.tls.caFile, '--proxy', s.proxyWithCredentials, '--har', har],
      { stdout: out, stderr: err },
    )
    expect(err.text).toBe('')
    expect(code).toBe(0)
    expect(out.text).toContain('Done: every step succeeded.')
    const text = await readFile(har, 'utf8')
    const doc = JSON.parse(text)
    expect(harProblems(doc)).toEqual([])
    for (const entry of doc.log.entries) {
      expect(entry._proxy).toEqual({ url: s.proxy.url, source: 'environment' })
      expect(entry._tls.protocol).toBe('TLSv1.3')
    }
    expect(s.proxy.connects.length).toBeGreaterThan(0)
    expect(text + out.text).not.toContain('proxy-pw-c0ffee42')
    expect(text + out.text).not.toContain('canary-client-secret-77a1')
  })

  it('without the CA, says untrusted chain and names --ca and NODE_EXTRA_CA_CERTS, never a bare "fetch failed"', async () => {
    const s = await privateCaBehindProxy()
    const out = new Capture()
    const err = new Capture()
    const code = await main(['walkthrough', ...s.flags, '--auto-consent', '--proxy', s.proxyWithCredentials], { stdout: out, stderr: err })
    expect(code).toBe(1)
    const text = out.text + err.text
    expect(text).toMatch(/untrusted chain/)
    expect(text).toMatch(/NODE_EXTRA_CA_CERTS/)
    expect(text).toMatch(/--ca/)
    expect(text).not.toMatch(/fetch failed/)
    expect(text).not.toContain('proxy-pw-c0ffee42')
  })

  it('authorizes and exchanges the code against oidc-provider with --token-body form, --authorize-param, --pkce and --path', async () => {
    const redirectUri = `http://127.0.0.1:${await findFreePort()}/callback`
    const oidc = await startOidcServer({ clientId: 'partner-app', clientSecret: 'oidc-secret-55e0a2', redirectUri })
    cleanups.push(() => oidc.close())
    process.env.PARTNER_CLIENT_SECRET = 'oidc-secret-55e0a2'
    const out = new Capture()
    const err = new Capture()
    await main(
      [
        'walkthrough',
        '--auth-url',
        oidc.issuer,
        '--base-url',
        oidc.issuer,
        '--client-id',
        'partner-app',
        '--redirect-uri',
        redirectUri,
        '--auto-consent',
        '--token-body',
        'form',
        '--authorize-param',
        'scope=openid read:locations',
        '--pkce',
        '--path',
        'authorize=/auth',
        '--path',
        'token=/token',
        '--json',
      ],
      { stdout: out, stderr: err },
    )
    const report = JSON.parse(out.text)
    expect(report.steps[0]).toMatchObject({ status: 'ok' })
    expect(report.steps[1]).toMatchObject({ status: 'ok' })
    expect(report.steps[1].detail).toMatch(/valid 1 h/)
    expect(out.text + err.text).not.toContain('oidc-secret-55e0a2')
  })

  it('refuses bad network flags with a usage error', async () => {
    for (const [args, message] of [
      [['--token-body', 'xml'], /--token-body must be json or form/],
      [['--authorize-param', 'state=x'], /sets "state" itself/],
      [['--path', 'nothing=/x'], /NAME must be one of/],
      [['--ca', '/no/such/ca.pem'], /--ca \/no\/such\/ca\.pem: no such file/],
      [['--proxy', 'not a url'], /--proxy must be a URL/],
    ] as const) {
      const err = new Capture()
      expect(await main(['walkthrough', ...args], { stdout: new Capture(), stderr: err })).toBe(2)
      expect(err.text).toMatch(message)
    }
  })
})
