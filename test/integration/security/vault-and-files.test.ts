import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConsoleError } from '../../../src/main/engine/core/console-error'
import { createKeyFileCipher } from '../../../src/main/engine/vault/keyfile-cipher'
import { Vault } from '../../../src/main/engine/vault/vault'
import { authorize, startTestConsole } from '../requests/support'

// docs/security.md, item 9: records bound to their names, a record named __proto__, and the modes of the data folder.

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pc-vault-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const open = () => Vault.open(join(dir, 'vault.json'), createKeyFileCipher(join(dir, 'vault.key')))

describe('vault records are bound to their names (AES-GCM additional data)', () => {
  it('a ciphertext decrypts only under the name it was written for', async () => {
    const cipher = createKeyFileCipher(join(dir, 'vault.key'))
    const sealed = await cipher.encrypt('the-secret-of-a', 'env:a:client_secret')
    expect(await cipher.decrypt(sealed, 'env:a:client_secret')).toBe('the-secret-of-a')
    await expect(async () => cipher.decrypt(sealed, 'env:b:client_secret')).rejects.toThrow(ConsoleError)
    await expect(async () => cipher.decrypt(sealed, 'env:b:client_secret')).rejects.toThrow(/moved under another name/)
  })

  it('swapping two records in vault.json hands neither secret to the other environment', async () => {
    const v = await open()
    await v.set('env:a:client_secret', 'secret-of-a-123')
    await v.set('env:b:client_secret', 'secret-of-b-456')
    const file = join(dir, 'vault.json')
    const doc = JSON.parse(await readFile(file, 'utf8'))
    const a = doc.records['env:a:client_secret']
    doc.records['env:a:client_secret'] = doc.records['env:b:client_secret']
    doc.records['env:b:client_secret'] = a
    await writeFile(file, JSON.stringify(doc))
    const reopened = await open()
    expect(reopened.isUnreadable('env:a:client_secret')).toBe(true)
    expect(reopened.isUnreadable('env:b:client_secret')).toBe(true)
    expect(() => reopened.get('env:a:client_secret')).toThrow(ConsoleError)
  })
})

describe('a record named __proto__', () => {
  it('round-trips through vault.json next to ordinary records, and pollutes nothing', async () => {
    const v = await open()
    await v.set('__proto__', 'value-of-proto-1')
    await v.set('constructor', 'value-of-constructor')
    await v.set('env:x:client_secret', 'value-of-x-123')
    const text = await readFile(join(dir, 'vault.json'), 'utf8')
    expect(Object.keys(JSON.parse(text).records)).toEqual(['__proto__', 'constructor', 'env:x:client_secret'])
    const reopened = await open()
    expect(reopened.keys().sort()).toEqual(['__proto__', 'constructor', 'env:x:client_secret'])
    expect(reopened.get('__proto__')).toBe('value-of-proto-1')
    expect(reopened.get('constructor')).toBe('value-of-constructor')
    expect(({} as Record<string, unknown>).data).toBeUndefined()
  })
})

describe('the data folder', () => {
  it('holds only files of mode 0600 and folders of mode 0700 after a session that writes everything', async () => {
    const c = await startTestConsole()
    try {
      await c.ok('environments:create', {
        settings: {
          name: 'Files',
          authUrl: 'https://auth.example.com',
          baseUrl: 'https://api.example.com',
          clientId: 'c1',
          redirectUri: 'http://127.0.0.1:8765/callback',
        },
        clientSecret: 'a-secret-to-store-1',
      })
      await authorize(c)
      await c.ok('quota:configure', { defaultLimit: 50 })
      await c.ok('signing:setTimeSource', { source: 'server' })
      // Walked twice: while the engine runs (a file it is writing right now, `*.tmp-write`, is checked too; one
      // renamed away between the listing and its stat is simply gone), then once the runtime has closed and every
      // pending write has landed, where nothing may vanish.
      const walk = async (folder: string, seen: string[], live: boolean): Promise<void> => {
        const info = await stat(folder)
        expect({ folder, mode: (info.mode & 0o777).toString(8) }).toEqual({ folder, mode: '700' })
        for (const entry of await readdir(folder, { withFileTypes: true })) {
          const path = join(folder, entry.name)
          if (entry.isDirectory()) await walk(path, seen, live)
          else {
            const mode = await stat(path).then(
              s => (s.mode & 0o777).toString(8),
              (e: NodeJS.ErrnoException) => {
                if (live && e.code === 'ENOENT') return null
                throw e
              },
            )
            if (mode === null) continue
            seen.push(entry.name)
            expect({ path, mode }).toEqual({ path, mode: '600' })
          }
        }
      }
      await walk(c.runtime.dataDir, [], true)
      await c.runtime.close()
      const seen: string[] = []
      await walk(c.runtime.dataDir, seen, false)
      expect(seen).toEqual(expect.arrayContaining(['vault.json', 'vault.key', 'environments.json', 'first-run.json']))
      expect(seen.filter(name => name.endsWith('.tmp-write'))).toEqual([])
      expect(seen.length).toBeGreaterThanOrEqual(5)
    } finally {
      await c.close()
    }
  })
})
