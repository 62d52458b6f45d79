import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { removeDir, startConsole } from '../auth/auth-harness'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

const PROXY_PASSWORD = 'proxy-pass-7e2d1c9b'
const CLIENT_KEY = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC-canary-key\n-----END PRIVATE KEY-----\n'
const PASSPHRASE = 'p12-passphrase-3a9f'

async function consoleWithEnv() {
  const c = await startConsole()
  cleanups.push(() => removeDir(c.dataDir))
  cleanups.push(() => c.close())
  const env = await c.ok('environments:create', {
    settings: {
      name: 'Behind a proxy',
      authUrl: 'https://auth.partner.example',
      baseUrl: 'https://api.partner.example',
      clientId: 'client-1',
      redirectUri: 'http://127.0.0.1:8765/callback',
      tokenBody: 'form',
      authorizeParams: { scope: 'read:locations' },
      network: {
        caFiles: ['/etc/corp/ca.pem'],
        systemCa: true,
        proxyMode: 'url',
        proxyUrl: 'http://proxy.corp.example:3128',
        proxyUsername: 'alice',
        noProxy: '.internal.example',
        clientCertKind: 'pem',
        clientCertFile: '/etc/corp/client.pem',
      },
    },
    clientSecret: 'client-secret-value-1',
    networkSecrets: { proxyPassword: PROXY_PASSWORD, clientKey: CLIENT_KEY, clientCertPassphrase: PASSPHRASE },
    acceptUnprotectedStorage: true,
  })
  return { c, env }
}

describe('per-environment network and OAuth settings', () => {
  it('keeps proxy password, client key and passphrase in the vault only: masked in the detail, absent from files and exports', async () => {
    const { c, env } = await consoleWithEnv()
    expect(env.network).toMatchObject({ proxyMode: 'url', proxyUsername: 'alice', caFiles: ['/etc/corp/ca.pem'] })
    expect(env.tokenBody).toBe('form')
    expect(env.authorizeParams).toEqual({ scope: 'read:locations' })
    expect(env.networkSecrets.proxyPassword).toMatchObject({ present: true })
    expect(env.networkSecrets.clientKey).toMatchObject({ present: true, masked: '(PEM private key)' })
    expect(JSON.stringify(env)).not.toContain(PROXY_PASSWORD)
    expect(JSON.stringify(env)).not.toContain('canary-key')
    const files = await readFile(join(c.dataDir, 'environments.json'), 'utf8')
    expect(files).toContain('proxy.corp.example')
    for (const secret of [PROXY_PASSWORD, 'canary-key', PASSPHRASE]) expect(files).not.toContain(secret)
    const exported = await c.ok('environments:saveFile', { ids: [env.id], includeSecrets: true })
    expect(exported.content).toContain('"proxyMode": "url"')
    for (const secret of [PROXY_PASSWORD, 'canary-key', PASSPHRASE]) expect(exported.content).not.toContain(secret)
    const resolved = await c.runtime.engine.environments.get(env.id)
    expect(resolved?.network?.proxy).toMatchObject({ mode: 'url', username: 'alice', password: PROXY_PASSWORD })
    expect(resolved?.network?.clientCert).toMatchObject({ kind: 'pem', key: CLIENT_KEY, passphrase: PASSPHRASE })
    expect(c.runtime.secrets.redact(`x ${PROXY_PASSWORD} y ${PASSPHRASE}`)).not.toMatch(/proxy-pass|p12-passphrase/)
    const cleared = await c.ok('environments:update', { id: env.id, changes: {}, networkSecrets: { proxyPassword: null } })
    expect(cleared.networkSecrets.proxyPassword.present).toBe(false)
  })

  it('refuses credentials in the proxy URL, a proxy mode without URL, and extra parameters the console sets itself', async () => {
    const { c, env } = await consoleWithEnv()
    for (const [changes, message] of [
      [{ network: { proxyMode: 'url', proxyUrl: 'http://bob:secret@proxy:3128' } }, /not in the URL/],
      [{ network: { proxyMode: 'url' } }, /needs a proxy URL/],
      [{ network: { proxyMode: 'url', proxyUrl: 'socks9://proxy:1080' } }, /http:\/\/ or https:\/\//],
      [{ authorizeParams: { state: 'fixed' } }, /set by the console itself/],
      [{ network: { clientCertKind: 'pkcs12' } }, /needs its file/],
    ] as const) {
      const r = await c.call('environments:update', { id: env.id, changes: changes as never })
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.error.message).toMatch(message)
    }
  })
})
