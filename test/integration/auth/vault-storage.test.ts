import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createKeyFileCipher } from '../../../src/main/engine/vault/keyfile-cipher'
import type { SecretCipher } from '../../../src/main/engine/vault/secret-cipher'
import { addEnvironment, browse, removeDir, startConsole, startTestSandbox } from './auth-harness'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function sandbox() {
  const s = await startTestSandbox({ autoConsent: 'allow' })
  cleanups.push(() => s.sandbox.close())
  return s
}

describe('vault and environment storage', () => {
  it('round-trips environments, client secrets and tokens through a restart, encrypted at rest', async () => {
    const s = await sandbox()
    const c1 = await startConsole()
    cleanups.push(() => removeDir(c1.dataDir))
    const envId = await addEnvironment(c1, s)
    const start = await c1.ok('oauth:start', {})
    await browse(start.authorizeUrl)
    const before = await c1.ok('oauth:tokens', {})
    const accessBefore = (await c1.ok('oauth:revealToken', { kind: 'access' })).value
    expect(before.persisted).toBe(true)
    await c1.close()

    const vaultText = await readFile(join(c1.dataDir, 'vault.json'), 'utf8')
    const envText = await readFile(join(c1.dataDir, 'environments.json'), 'utf8')
    expect(vaultText).not.toContain(s.clientSecret)
    expect(vaultText).not.toContain(accessBefore)
    expect(envText).not.toContain(s.clientSecret)
    expect(JSON.parse(vaultText)).toMatchObject({ format: 'partner-console-vault', version: 1, backend: 'aes-256-gcm-keyfile' })
    expect(Object.keys(JSON.parse(vaultText).records).sort()).toEqual([`env:${envId}:client_secret`, `env:${envId}:tokens`])
    expect((await stat(join(c1.dataDir, 'vault.json'))).mode & 0o777).toBe(0o600)

    const c2 = await startConsole({ dataDir: c1.dataDir })
    cleanups.push(() => c2.close())
    const list = await c2.ok('environments:list', {})
    expect(list.activeId).toBe(envId)
    expect(list.problems).toEqual([])
    expect(list.environments.find(e => e.id === envId)?.clientSecret.present).toBe(true)
    expect((await c2.ok('environments:revealSecret', { id: envId })).value).toBe(s.clientSecret)
    const after = await c2.ok('oauth:tokens', {})
    expect(after.accessToken).toEqual(before.accessToken)
    expect(after.expiresAt).toBe(before.expiresAt)
    expect((await c2.ok('oauth:status', {})).lifecycle.state).toBe('access-token-valid')
    expect((await c2.ok('oauth:revealToken', { kind: 'access' })).value).toBe(accessBefore)
  })

  it('moves an unreadable vault file aside, says so, and still loads every environment', async () => {
    const s = await sandbox()
    const c1 = await startConsole()
    cleanups.push(() => removeDir(c1.dataDir))
    const envId = await addEnvironment(c1, s)
    const plain = await c1.ok('environments:create', {
      settings: {
        name: 'No secret',
        authUrl: 'https://auth.example.com',
        baseUrl: 'https://api.example.com',
        clientId: 'c',
        redirectUri: 'https://app.example.com/cb',
      },
    })
    await c1.close()
    await writeFile(join(c1.dataDir, 'vault.json'), '{"format":"partner-console-vault","vers')

    const c2 = await startConsole({ dataDir: c1.dataDir })
    cleanups.push(() => c2.close())
    const list = await c2.ok('environments:list', {})
    expect(list.environments.map(e => e.id)).toEqual([envId, plain.id])
    const fileProblem = list.problems.find(p => p.kind === 'file-unreadable')
    expect(fileProblem?.movedTo).toMatch(/vault\.json\.corrupt-/)
    expect(existsSync(fileProblem!.movedTo!)).toBe(true)
    expect(await readFile(fileProblem!.movedTo!, 'utf8')).toBe('{"format":"partner-console-vault","vers')
    expect(list.problems.some(p => p.kind === 'secret-missing' && p.environmentId === envId)).toBe(true)
    const reveal = await c2.call('environments:revealSecret', { id: envId })
    expect(reveal.ok).toBe(false)
    if (!reveal.ok) {
      expect(reveal.error.code).toBe('storage')
      expect(reveal.error.hint).toMatch(/moved aside/)
    }
    await c2.ok('environments:update', { id: envId, changes: {}, clientSecret: s.clientSecret })
    expect((await c2.ok('environments:revealSecret', { id: envId })).value).toBe(s.clientSecret)
  })

  it('reports one undecryptable record without losing it, while the other secrets still work', async () => {
    const s = await sandbox()
    const c1 = await startConsole()
    cleanups.push(() => removeDir(c1.dataDir))
    const a = await addEnvironment(c1, s)
    const b = await addEnvironment(c1, { ...s, clientSecret: 'sbx_secret_second-environment-value' })
    await c1.close()
    const path = join(c1.dataDir, 'vault.json')
    const doc = JSON.parse(await readFile(path, 'utf8'))
    const raw = Buffer.from(doc.records[`env:${a}:client_secret`].data, 'base64')
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 0xff
    const damaged = raw.toString('base64')
    doc.records[`env:${a}:client_secret`].data = damaged
    await writeFile(path, JSON.stringify(doc))

    const c2 = await startConsole({ dataDir: c1.dataDir })
    cleanups.push(() => c2.close())
    const list = await c2.ok('environments:list', {})
    const problem = list.problems.find(p => p.kind === 'record-unreadable')
    expect(problem?.environmentId).toBe(a)
    expect(list.environments.find(e => e.id === a)?.clientSecret).toMatchObject({ present: true, readable: false })
    expect((await c2.ok('environments:revealSecret', { id: b })).value).toBe('sbx_secret_second-environment-value')
    const start = await c2.call('oauth:start', { envId: a })
    expect(start.ok).toBe(false)
    if (!start.ok) expect(start.error.code).toBe('storage')
    // Another write keeps the damaged record byte for byte.
    await c2.ok('environments:update', { id: b, changes: { name: 'Renamed' } })
    await c2.ok('environments:update', { id: b, changes: {}, clientSecret: 'sbx_secret_second-environment-new' })
    expect(JSON.parse(await readFile(path, 'utf8')).records[`env:${a}:client_secret`].data).toBe(damaged)
  })

  it('moves an unreadable environments file aside and keeps an invalid entry instead of dropping it', async () => {
    const c1 = await startConsole()
    cleanups.push(() => removeDir(c1.dataDir))
    await c1.close()
    const envPath = join(c1.dataDir, 'environments.json')
    const invalid = { id: 'env_bad', name: 'Broken', authUrl: 42 }
    await writeFile(
      envPath,
      JSON.stringify({ format: 'partner-console-environments-store', version: 1, activeId: null, environments: [invalid] }),
    )
    const c2 = await startConsole({ dataDir: c1.dataDir })
    const list = await c2.ok('environments:list', {})
    expect(list.problems[0]).toMatchObject({ kind: 'environment-invalid', environmentId: 'env_bad' })
    expect(list.problems[0]?.message).toMatch(/"Broken"/)
    await c2.ok('environments:create', {
      settings: {
        name: 'New',
        authUrl: 'https://auth.example.com',
        baseUrl: 'https://api.example.com',
        clientId: 'c',
        redirectUri: 'https://app.example.com/cb',
      },
    })
    await c2.close()
    expect(JSON.parse(await readFile(envPath, 'utf8')).environments).toContainEqual(invalid)

    await writeFile(envPath, 'not json at all')
    const c3 = await startConsole({ dataDir: c1.dataDir })
    cleanups.push(() => c3.close())
    const list3 = await c3.ok('environments:list', {})
    expect(list3.problems[0]?.kind).toBe('file-unreadable')
    expect((await readdir(c1.dataDir)).some(f => f.startsWith('environments.json.corrupt-'))).toBe(true)
  })

  it('asks before storing a secret when the secret storage is unprotected (safeStorage basic_text)', async () => {
    const s = await sandbox()
    const dataDir = await mkdtemp(join(tmpdir(), 'pc-'))
    const c = await startConsole({ dataDir, cipher: basicTextLike(dataDir) })
    cleanups.push(() => removeDir(c.dataDir))
    cleanups.push(() => c.close())
    const settings = { name: 'Unprotected', authUrl: s.url, baseUrl: s.url, clientId: s.clientId, redirectUri: s.redirectUri }
    const refused = await c.call('environments:create', { settings, clientSecret: s.clientSecret })
    expect(refused.ok).toBe(false)
    if (refused.ok) return
    expect(refused.error.code).toBe('forbidden')
    expect(refused.error.message).toMatch(/not protected/)
    expect(refused.error.hint).toMatch(/acceptUnprotectedStorage/)
    expect(existsSync(join(c.dataDir, 'vault.json'))).toBe(false)
    const env = await c.ok('environments:create', { settings, clientSecret: s.clientSecret, acceptUnprotectedStorage: true })
    expect(env.unprotectedStorageAccepted).toBe(true)
    const withoutConsent = await c.ok('environments:create', { settings: { ...settings, name: 'No consent' } })
    await c.ok('environments:setActive', { id: withoutConsent.id })
    const refusedUpdate = await c.call('environments:update', { id: withoutConsent.id, changes: {}, clientSecret: s.clientSecret })
    expect(refusedUpdate.ok).toBe(false)
  })

  it('exports without secrets unless asked, and imports reporting each problem', async () => {
    const c = await startConsole()
    cleanups.push(() => removeDir(c.dataDir))
    cleanups.push(() => c.close())
    const secret = 'sbx_secret_exported-only-when-asked'
    await c.ok('environments:create', {
      settings: {
        name: 'Prod',
        authUrl: 'https://auth.example.com',
        baseUrl: 'https://api.example.com',
        clientId: 'prod-client',
        redirectUri: 'https://app.example.com/cb',
        paths: { exportTickets: '/v2/export/{locationId}/tickets' },
      },
      clientSecret: secret,
    })
    const plain = await c.ok('environments:saveFile', {})
    expect(plain.content).not.toContain(secret)
    expect(plain.includesSecrets).toBe(false)
    expect(plain.count).toBe(1)
    const withSecrets = await c.ok('environments:saveFile', { includeSecrets: true })
    expect(withSecrets.content).toContain(secret)
    expect(withSecrets.fileName).toMatch(/WITH-SECRETS/)

    const doc = JSON.parse(withSecrets.content)
    doc.environments.push(
      { name: 'Bad URL', authUrl: 'ftp://x', baseUrl: 'http://api.example.com', clientId: 'c', redirectUri: 'https://a.example/cb' },
      { name: 'Missing fields' },
    )
    const before = (await c.ok('environments:list', {})).environments.length
    const dry = await c.ok('environments:openFile', { content: JSON.stringify(doc), dryRun: true })
    expect(dry.imported).toEqual([])
    expect(dry.plan).toEqual([{ index: 0, name: 'Prod (imported)', action: 'rename' }])
    expect((await c.ok('environments:list', {})).environments.length).toBe(before)
    const result = await c.ok('environments:openFile', { content: JSON.stringify(doc) })
    expect(result.plan).toEqual(dry.plan)
    expect(result.imported.map(e => e.name)).toEqual(['Prod (imported)'])
    expect(result.imported[0]?.pathOverrides).toEqual({ exportTickets: '/v2/export/{locationId}/tickets' })
    expect((await c.ok('environments:revealSecret', { id: result.imported[0]!.id })).value).toBe(secret)
    expect(result.problems.map(p => [p.index, p.name])).toEqual([
      [1, 'Bad URL'],
      [2, 'Missing fields'],
    ])
    expect(result.problems[0]?.issues.map(i => i.path)).toEqual(['authUrl', 'baseUrl'])
    expect(result.problems[1]?.issues.map(i => i.path)).toEqual(expect.arrayContaining(['authUrl', 'baseUrl', 'clientId', 'redirectUri']))
    const notJson = await c.call('environments:openFile', { content: '{oops' })
    expect(notJson.ok).toBe(false)
    const wrongFormat = await c.call('environments:openFile', { content: '{"format":"other"}' })
    expect(wrongFormat.ok).toBe(false)
    if (!wrongFormat.ok) expect(wrongFormat.error.message).toMatch(/format/)
  })

  it('validates settings with clear messages and shows the redirect URI exactly as it will be sent', async () => {
    const c = await startConsole({ builtinSandbox: true })
    cleanups.push(() => removeDir(c.dataDir))
    cleanups.push(() => c.close())
    const bad = await c.call('environments:create', {
      settings: {
        name: 'X',
        authUrl: 'http://auth.example.com',
        baseUrl: 'https://api.example.com',
        clientId: 'c',
        redirectUri: 'http://app.example.com/cb ',
      },
    })
    expect(bad.ok).toBe(false)
    if (bad.ok) return
    const issues = (bad.error.details as { issues: Array<{ path: string; message: string }> }).issues
    expect(issues.map(i => i.path)).toEqual(['authUrl', 'redirectUri'])
    expect(issues[0]?.message).toMatch(/https/)
    const check = await c.ok('environments:validate', {
      settings: {
        name: 'Y',
        authUrl: 'https://auth.example.com/',
        baseUrl: 'https://api.example.com',
        clientId: 'c',
        redirectUri: 'https://app.example.com/oauth/cb/',
      },
    })
    expect(check.ok).toBe(true)
    expect(check.redirectUriAsSent).toBe('redirect_uri=https%3A%2F%2Fapp.example.com%2Foauth%2Fcb%2F')
    expect(check.authorizeUrlPreview).toContain(
      'https://auth.example.com/oauth2/authorize/?client_id=c&redirect_uri=https%3A%2F%2Fapp.example.com%2Foauth%2Fcb%2F',
    )
    expect(check.warnings.join(' ')).toMatch(/ends with "\/"/)
    const builtinDelete = await c.call('environments:delete', { id: 'sandbox' })
    expect(builtinDelete.ok).toBe(false)
    if (!builtinDelete.ok) expect(builtinDelete.error.code).toBe('forbidden')
    // A copy of the built-in keeps this launch's sandbox secret (in the vault, never in environments.json).
    const dup = await c.ok('environments:duplicate', { id: 'sandbox' })
    expect(dup.clientSecret.present).toBe(true)
    expect((await c.ok('environments:revealSecret', { id: dup.id })).value).toBe(c.runtime.sandbox!.client.clientSecret)
    expect(dup.name).toBe('Sandbox (built-in) (copy)')
    const list = await c.ok('environments:list', {})
    expect(list.environments[0]?.id).toBe('sandbox')
    expect(await readFile(join(c.dataDir, 'environments.json'), 'utf8')).not.toContain(c.runtime.sandbox!.client.clientSecret)
  })
})

/** A real AES cipher labelled like Electron's basic_text backend (unprotected), as that backend reports itself. */
function basicTextLike(dir: string): SecretCipher {
  const inner = createKeyFileCipher(join(dir, 'basic-text-like.key'))
  return {
    info: { backend: 'safeStorage:basic_text', protected: false, description: 'No OS keyring: a hard-coded key.' },
    encrypt: p => inner.encrypt(p),
    decrypt: d => inner.decrypt(d),
  }
}
