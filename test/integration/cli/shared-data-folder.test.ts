import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { chosenDataDir } from '../../../src/main/cli/data-dir-choice'
import { defaultDataDir, legacyDataDir } from '../../../src/main/runtime/data-folder-location'
import { IMPORT_RECORD_FILE } from '../../../src/main/runtime/legacy-import'
import { addEnvironment, type Console, startConsole } from '../auth/auth-harness'

// One data folder for the desktop app, the web host and the CLI, and the one-time import of the folder the web host
// and the CLI used before: real temp HOME / XDG folders, the CLI's own choice of folder, real runtimes on both sides.

let home: string
const saved = { HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME }
const open: Console[] = []

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'pc-home-'))
  process.env.HOME = home
  delete process.env.XDG_CONFIG_HOME
})
afterEach(async () => {
  for (const c of open.splice(0)) await c.close()
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
  await rm(home, { recursive: true, force: true })
})

/** A console of the old kind on the old folder, with one environment and its client secret in the key-file vault. */
async function oldConsoleWithEnvironment(dataDir: string, secret: string): Promise<string> {
  const c = await startConsole({ dataDir })
  const id = await addEnvironment(
    c,
    { url: 'http://127.0.0.1:9', clientId: 'old-client', clientSecret: secret, redirectUri: 'http://127.0.0.1:9/cb' },
    { name: 'Staging EU' },
  )
  await c.close()
  return id
}

describe('the one data folder', () => {
  it('is Electron’s userData on each platform, XDG_CONFIG_HOME honoured on Linux', async () => {
    expect(defaultDataDir({ platform: 'linux', env: {}, home: '/h' })).toBe('/h/.config/Partner API Console')
    expect(defaultDataDir({ platform: 'linux', env: { XDG_CONFIG_HOME: '/x' }, home: '/h' })).toBe('/x/Partner API Console')
    expect(defaultDataDir({ platform: 'darwin', env: {}, home: '/Users/u' })).toBe(
      '/Users/u/Library/Application Support/Partner API Console',
    )
    expect(defaultDataDir({ platform: 'win32', env: { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, home: 'C:\\Users\\u' })).toContain(
      'Partner API Console',
    )
    expect(legacyDataDir({ env: { XDG_CONFIG_HOME: '/x' } })).toBe('/x/partner-console')
    await expect(chosenDataDir('/chosen', () => undefined)).resolves.toBe('/chosen')
  })

  it('imports the old web/CLI folder once, says what came over, and its secrets still decrypt', async () => {
    const old = join(home, '.config', 'partner-console')
    const envId = await oldConsoleWithEnvironment(old, 'old-secret-value-123')
    const lines: string[] = []
    const dir = await chosenDataDir(undefined, line => lines.push(line))
    expect(dir).toBe(join(home, '.config', 'Partner API Console'))
    expect(lines.join('\n')).toContain(`Imported the data of the web host and CLI from ${old}`)
    expect(lines.join('\n')).toContain('Environments: Staging EU.')
    expect(lines.join('\n')).not.toContain('Not readable here')
    expect(lines.join('\n')).not.toContain('old-secret-value-123')
    // The old folder is left as it was; its lock was not copied.
    expect(await readdir(old)).toContain('environments.json')
    expect(existsSync(join(dir, 'console.lock'))).toBe(false)

    const c = await startConsole({ dataDir: dir })
    open.push(c)
    const list = await c.ok('environments:list', {})
    expect(list.environments.map(e => e.name)).toContain('Staging EU')
    expect((await c.ok('environments:revealSecret', { id: envId })).value).toBe('old-secret-value-123')
    await c.close()
    open.pop()

    // Never twice: the next run finds the record and says nothing, even after the shared folder's environments go.
    const again: string[] = []
    await chosenDataDir(undefined, line => again.push(line))
    expect(again).toEqual([])
    expect(JSON.parse(await readFile(join(dir, IMPORT_RECORD_FILE), 'utf8')).from).toBe(old)
  })

  it('never overwrites a shared folder that has environments, and lists a secret that cannot come over', async () => {
    const xdg = join(home, 'xdg')
    process.env.XDG_CONFIG_HOME = xdg
    const old = join(xdg, 'partner-console')
    await oldConsoleWithEnvironment(old, 'secret-without-its-key')
    // A folder whose key went missing: its vault's records cannot be read anywhere, and the import says so.
    await rm(join(old, 'vault.key'))
    const lines: string[] = []
    const dir = await chosenDataDir(undefined, line => lines.push(line))
    expect(dir).toBe(join(xdg, 'Partner API Console'))
    expect(lines.join('\n')).toMatch(/Not readable here: .*cannot be decrypted.* Enter it again in this console\./)

    // A shared folder that already has environments of its own is never imported into.
    const other = await mkdtemp(join(tmpdir(), 'pc-other-'))
    try {
      await oldConsoleWithEnvironment(other, 's')
      const before = await readFile(join(other, 'environments.json'), 'utf8')
      await writeFile(join(old, 'drafts.json'), '{"tabs":[],"activeId":null}\n')
      const { legacyImportPending } = await import('../../../src/main/runtime/legacy-import')
      expect(await legacyImportPending(old, other)).toBe(false)
      expect(await readFile(join(other, 'environments.json'), 'utf8')).toBe(before)
    } finally {
      await rm(other, { recursive: true, force: true })
    }
  })

  it('the web host never rewrites a vault the desktop app wrote with the OS keyring: it says why and leaves it', async () => {
    const dir = defaultDataDir()
    const { mkdir } = await import('node:fs/promises')
    await mkdir(dir, { recursive: true })
    const keyring = {
      format: 'partner-console-vault',
      version: 1,
      backend: 'safeStorage:gnome_libsecret',
      records: {
        'env:desk:client_secret': { data: Buffer.from('not for the key file').toString('base64'), updatedAt: '2026-01-01T00:00:00.000Z' },
      },
    }
    await writeFile(join(dir, 'vault.json'), `${JSON.stringify(keyring, null, 2)}\n`)
    const before = await readFile(join(dir, 'vault.json'), 'utf8')
    const c = await startConsole({ dataDir: dir })
    open.push(c)
    const refused = await c.call('environments:create', {
      settings: {
        name: 'Web one',
        authUrl: 'http://127.0.0.1:9',
        baseUrl: 'http://127.0.0.1:9',
        clientId: 'w',
        redirectUri: 'http://127.0.0.1:9/cb',
      },
      clientSecret: 'web-secret',
    })
    expect(refused.ok).toBe(false)
    if (!refused.ok) {
      expect(refused.error.message).toContain('was written with safeStorage:gnome_libsecret')
      expect(refused.error.hint).toContain('desktop app')
    }
    expect(await readFile(join(dir, 'vault.json'), 'utf8')).toBe(before)
  })
})
