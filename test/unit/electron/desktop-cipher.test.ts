import { existsSync, readFileSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// The Electron binary cannot run here: safeStorage is a stand-in answering as Electron documents for each platform
// (isAsyncEncryptionAvailable, getSelectedStorageBackend). Its deprecated synchronous functions throw, so any use of
// them fails the test.
const electron = vi.hoisted(() => ({
  available: true as boolean | 'reject',
  backend: 'gnome_libsecret',
  calls: [] as string[],
  /**
   * Values whose encryption the keyring answers late (a slow keychain prompt), to test ordering: the keyring says when
   * it was asked (`asked`) and answers when the test lets it (`answer`), so no clock decides the order.
   */
  late: new Map<string, { asked(): void; answered: Promise<void> }>(),
  locked: false,
}))
vi.mock('electron', () => ({
  safeStorage: {
    isAsyncEncryptionAvailable: () => {
      electron.calls.push('isAsyncEncryptionAvailable')
      return electron.available === 'reject' ? Promise.reject(new Error('portal failed')) : Promise.resolve(electron.available)
    },
    getSelectedStorageBackend: () => electron.backend,
    encryptStringAsync: async (plain: string) => {
      electron.calls.push('encryptStringAsync')
      if (electron.locked) throw new Error('Error: kSecInteractionNotAllowed')
      const late = electron.late.get(plain)
      if (late) {
        late.asked()
        await late.answered
      }
      return Buffer.from(`os:${Buffer.from(plain).toString('base64')}`)
    },
    decryptStringAsync: async (data: Buffer) => {
      electron.calls.push('decryptStringAsync')
      return { shouldReEncrypt: false, result: Buffer.from(data.toString().slice(3), 'base64').toString() }
    },
    isEncryptionAvailable: () => {
      throw new Error('deprecated synchronous safeStorage API used')
    },
    encryptString: () => {
      throw new Error('deprecated synchronous safeStorage API used')
    },
    decryptString: () => {
      throw new Error('deprecated synchronous safeStorage API used')
    },
  },
}))

const { createDesktopCipher, judgeSafeStorage, StorageDeclined, STORAGE_CHOICE_FILE, KEY_FILE } = await import(
  '../../../src/main/electron/desktop-cipher'
)
const { Vault } = await import('../../../src/main/engine/vault/vault')

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pc-cipher-'))
  electron.available = true
  electron.backend = 'gnome_libsecret'
  electron.calls.length = 0
  electron.late.clear()
  electron.locked = false
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Makes the keyring answer late for `plain`: resolves `asked` when it is asked; it answers on `answer()`. */
function lateKeyring(plain: string): { asked: Promise<void>; answer(): void } {
  let asked!: () => void
  let answer!: () => void
  const askedPromise = new Promise<void>(resolve => {
    asked = resolve
  })
  const answered = new Promise<void>(resolve => {
    answer = resolve
  })
  electron.late.set(plain, { asked, answered })
  return { asked: askedPromise, answer }
}

const never = async () => {
  throw new Error('the user must not be asked when the keyring protects secrets')
}

describe('desktop secret storage', () => {
  it.each([
    ['darwin', 'keychain'],
    ['win32', 'dpapi'],
    ['linux', 'gnome_libsecret'],
    ['linux', 'kwallet6'],
  ] as const)('uses the keyring through the asynchronous API when it is available (%s, %s)', async (platform, backend) => {
    electron.backend = platform === 'linux' ? backend : 'unknown'
    const cipher = await createDesktopCipher({ dataDir: dir, platform, ask: never })
    expect(cipher.info).toMatchObject({ backend: `safeStorage:${backend}`, protected: true })
    const sealed = await cipher.encrypt('client-secret-1')
    expect(sealed.toString()).not.toContain('client-secret-1')
    expect(await cipher.decrypt(sealed)).toBe('client-secret-1')
    expect(electron.calls).toEqual(['isAsyncEncryptionAvailable', 'encryptStringAsync', 'decryptStringAsync'])
    expect(existsSync(join(dir, KEY_FILE))).toBe(false)
  })

  it('a keyring that refuses later is a storage error that says what to do, and nothing is written', async () => {
    const { ConsoleError } = await import('../../../src/main/engine/core/console-error')
    const cipher = await createDesktopCipher({ dataDir: dir, platform: 'darwin', ask: never })
    const vault = await Vault.open(join(dir, 'vault.json'), cipher)
    electron.locked = true
    const error = await vault.set('env:e1:client_secret', 'canary-secret-7').catch(e => e)
    expect(error).toBeInstanceOf(ConsoleError)
    expect(error).toMatchObject({ code: 'storage', hint: expect.stringMatching(/Unlock the keyring/) })
    expect(error.message).toContain('keyring (keychain) refused to encrypt')
    expect(existsSync(join(dir, 'vault.json'))).toBe(false)
    electron.locked = false
    await vault.set('env:e1:client_secret', 'canary-secret-7')
    expect(vault.get('env:e1:client_secret')).toBe('canary-secret-7')
  })

  it('judges each answer Electron documents: basic_text, unknown and unavailable are not protection', () => {
    expect(judgeSafeStorage('linux', true, 'basic_text')).toMatchObject({ kind: 'fallback', why: expect.stringMatching(/No keyring/) })
    expect(judgeSafeStorage('linux', true, 'unknown')).toMatchObject({ kind: 'fallback', why: expect.stringMatching(/could not tell/) })
    expect(judgeSafeStorage('linux', false, 'gnome_libsecret')).toMatchObject({
      kind: 'fallback',
      why: expect.stringMatching(/did not answer/),
    })
    expect(judgeSafeStorage('darwin', false)).toMatchObject({ kind: 'fallback', why: expect.stringMatching(/Keychain/) })
    expect(judgeSafeStorage('win32', false)).toMatchObject({ kind: 'fallback', why: expect.stringMatching(/DPAPI/) })
    expect(judgeSafeStorage('linux', true, 'kwallet5')).toEqual({ kind: 'keyring', backend: 'kwallet5' })
  })

  it.each([
    ['linux', 'basic_text', true, /GNOME Keyring \/ KWallet/],
    ['linux', 'unknown', true, /could not tell/],
    ['darwin', 'unknown', false, /macOS Keychain/],
    ['win32', 'unknown', 'reject', /DPAPI/],
  ] as const)(
    'on %s with %s (available: %s) asks once, then uses the labelled key-file vault',
    async (platform, backend, available, words) => {
      electron.backend = backend
      electron.available = available
      const questions: Array<{ detail: string; accept: string }> = []
      const ask = async (q: { detail: string; accept: string }) => {
        questions.push(q)
        return true
      }
      const cipher = await createDesktopCipher({ dataDir: dir, platform, ask })
      expect(questions).toHaveLength(1)
      expect(questions[0]?.detail).toMatch(words)
      expect(questions[0]?.detail).toContain(join(dir, KEY_FILE))
      expect(questions[0]?.accept).toBe('Use the key-file vault')
      expect(cipher.info.backend).toBe('aes-256-gcm-keyfile')
      expect(cipher.info.protected).toBe(true)
      expect(cipher.info.description).toMatch(words)
      expect(cipher.info.description).toContain('AES-256-GCM')

      // The key file is real, private, and the secret never reaches the keyring stand-in.
      const vault = await Vault.open(join(dir, 'vault.json'), cipher)
      await vault.set('env:e1:client_secret', 'canary-secret-42')
      expect(readFileSync(join(dir, 'vault.json'), 'utf8')).not.toContain('canary-secret-42')
      expect(statSync(join(dir, KEY_FILE)).mode & 0o777).toBe(0o600)
      expect(electron.calls.filter(c => c !== 'isAsyncEncryptionAvailable')).toEqual([])

      // Asked once: the next start (same folder) does not ask again and reads the vault back.
      const again = await createDesktopCipher({ dataDir: dir, platform, ask: never })
      expect(again.info.backend).toBe('aes-256-gcm-keyfile')
      const reopened = await Vault.open(join(dir, 'vault.json'), again)
      expect(reopened.get('env:e1:client_secret')).toBe('canary-secret-42')
      expect(JSON.parse(readFileSync(join(dir, STORAGE_CHOICE_FILE), 'utf8'))).toMatchObject({ backend: 'aes-256-gcm-keyfile' })
    },
  )

  it('keeps the key-file vault for a folder that already uses it, even once a keyring appears', async () => {
    electron.backend = 'basic_text'
    const first = await createDesktopCipher({ dataDir: dir, platform: 'linux', ask: async () => true })
    const vault = await Vault.open(join(dir, 'vault.json'), first)
    await vault.set('env:e1:tokens', '{"access_token":"t"}')
    electron.backend = 'gnome_libsecret'
    const later = await createDesktopCipher({ dataDir: dir, platform: 'linux', ask: never })
    expect(later.info.backend).toBe('aes-256-gcm-keyfile')
    expect(later.info.description).toMatch(/written with the key-file vault/)
    expect((await Vault.open(join(dir, 'vault.json'), later)).get('env:e1:tokens')).toBe('{"access_token":"t"}')
  })

  it('stores nothing and says why when the user declines; the question comes back next time', async () => {
    electron.backend = 'basic_text'
    await expect(createDesktopCipher({ dataDir: dir, platform: 'linux', ask: async () => false })).rejects.toBeInstanceOf(StorageDeclined)
    expect(existsSync(join(dir, KEY_FILE))).toBe(false)
    expect(existsSync(join(dir, STORAGE_CHOICE_FILE))).toBe(false)
    let asked = 0
    await createDesktopCipher({
      dataDir: dir,
      platform: 'linux',
      ask: async () => {
        asked++
        return true
      },
    })
    expect(asked).toBe(1)
  })

  it('the vault keeps quick writes in order with an asynchronous cipher, and flush waits for them', async () => {
    const cipher = await createDesktopCipher({ dataDir: dir, platform: 'darwin', ask: never })
    const vault = await Vault.open(join(dir, 'vault.json'), cipher)
    const first = lateKeyring('first')
    const writes = Promise.all([vault.set('k', 'first'), vault.set('k', 'second'), vault.delete('gone'), vault.set('k2', 'x')])
    await first.asked
    first.answer()
    await writes
    const reopened = await Vault.open(join(dir, 'vault.json'), cipher)
    expect(reopened.get('k')).toBe('second')
    expect(reopened.get('k2')).toBe('x')

    // Quitting flushes the vault: a set still waiting for the keyring is on disk when flush() resolves.
    const atQuit = lateKeyring('at-quit')
    void vault.set('k3', 'at-quit')
    await atQuit.asked
    const flushed = vault.flush()
    atQuit.answer()
    await flushed
    expect((await Vault.open(join(dir, 'vault.json'), cipher)).get('k3')).toBe('at-quit')
  })
})
