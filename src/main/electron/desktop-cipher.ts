import { existsSync, readFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { safeStorage } from 'electron'
import { ConsoleError } from '../engine/core/console-error'
import { createKeyFileCipher } from '../engine/vault/keyfile-cipher'
import type { SecretCipher } from '../engine/vault/secret-cipher'

/** The OS keyrings safeStorage can use on Linux; `basic_text` (a hard-coded key) and `unknown` are not among them. */
const LINUX_KEYRINGS = new Set(['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6'])
/** Remembers, per data folder, that the user accepted the key-file vault (so the question is asked once). */
export const STORAGE_CHOICE_FILE = 'secret-storage.json'
export const KEY_FILE = 'vault.key'

/** What safeStorage reported, reduced to a decision. */
type StorageVerdict = { kind: 'keyring'; backend: string } | { kind: 'fallback'; why: string }

/**
 * Decides from Electron's answers whether safeStorage protects secrets here. Only a real keyring counts: on Linux
 * `basic_text` encrypts with a key every local program knows, and `unknown` means Electron could not tell, which is
 * treated the same way. Unavailable encryption (no Keychain access, DPAPI failing, no secret key) falls back too.
 */
export function judgeSafeStorage(platform: NodeJS.Platform, available: boolean, linuxBackend?: string): StorageVerdict {
  if (platform === 'linux') {
    if (linuxBackend === 'basic_text') {
      return {
        kind: 'fallback',
        why: 'No keyring (GNOME Keyring / KWallet) is running in this desktop session, so Electron would encrypt with a key every program on this computer knows (basic_text).',
      }
    }
    if (!linuxBackend || !LINUX_KEYRINGS.has(linuxBackend)) {
      return {
        kind: 'fallback',
        why: `Electron could not tell which keyring this desktop session uses (it reported "${linuxBackend ?? 'nothing'}"), so it cannot be trusted to protect secrets.`,
      }
    }
    if (!available) {
      return {
        kind: 'fallback',
        why: `The ${linuxBackend} keyring did not answer (it may be locked or not running), so secrets cannot be encrypted with it.`,
      }
    }
    return { kind: 'keyring', backend: linuxBackend }
  }
  if (platform === 'darwin') {
    return available
      ? { kind: 'keyring', backend: 'keychain' }
      : { kind: 'fallback', why: 'The macOS Keychain is not available to the console (access was refused or the keychain is locked).' }
  }
  if (platform === 'win32') {
    return available
      ? { kind: 'keyring', backend: 'dpapi' }
      : { kind: 'fallback', why: 'Windows data protection (DPAPI) is not available to the console in this session.' }
  }
  return available ? { kind: 'keyring', backend: platform } : { kind: 'fallback', why: `Electron offers no encryption on ${platform}.` }
}

/** The one-time question shown when the keyring cannot be used. */
interface StorageQuestion {
  title: string
  message: string
  detail: string
  accept: string
  decline: string
}

/** Thrown when the user declines the key-file vault: the app cannot store secrets and says so before it quits. */
export class StorageDeclined extends Error {
  constructor() {
    super(
      'The console needs a place to keep client secrets and tokens, and you chose not to use the key-file vault. Start it again to choose, ' +
        'or start a keyring (GNOME Keyring / KWallet) first.',
    )
    this.name = 'StorageDeclined'
  }
}

function storageQuestion(why: string, keyPath: string): StorageQuestion {
  return {
    title: 'Where should secrets be kept?',
    message: "The operating system's keyring cannot protect the console's secrets here.",
    detail:
      `${why}\n\nThe console can keep client secrets and tokens in an AES-256-GCM vault instead, with a random key in ${keyPath} ` +
      '(readable only by your user account). It protects copies of the vault, not against programs running as you. ' +
      'Your answer is remembered for this data folder; the storage is shown as "aes-256-gcm-keyfile" wherever the console shows it.',
    accept: 'Use the key-file vault',
    decline: 'Quit',
  }
}

/** safeStorage through its asynchronous API (the synchronous one is deprecated in Electron 45 and gone in 46). */
function keyringCipher(backend: string): SecretCipher {
  /** A keyring that fails later (locked, its daemon gone) is a storage problem with a way out, never an "internal" error. */
  const refused = (what: string, cause: unknown) =>
    new ConsoleError(
      'storage',
      `The operating system's keyring (${backend}) refused to ${what} a secret: ${(cause as Error)?.message ?? cause}`,
      {
        hint: 'Unlock the keyring (or start its service) and try again; nothing was stored in plain text.',
        cause,
      },
    )
  return {
    info: { backend: `safeStorage:${backend}`, protected: true, description: `Encrypted by the operating system's keyring (${backend}).` },
    encrypt: plain =>
      safeStorage.encryptStringAsync(plain).catch(cause => {
        throw refused('encrypt', cause)
      }),
    decrypt: async data => {
      try {
        return (await safeStorage.decryptStringAsync(data)).result
      } catch (cause) {
        throw refused('decrypt', cause)
      }
    },
  }
}

/** The web host's key-file cipher, its description saying why the desktop app uses it. */
function fallbackCipher(keyPath: string, why: string): SecretCipher {
  const cipher = createKeyFileCipher(keyPath)
  return {
    info: { ...cipher.info, description: `${cipher.info.description} Used because: ${why}` },
    encrypt: plain => cipher.encrypt(plain),
    decrypt: data => cipher.decrypt(data),
  }
}

/** The backend an existing vault.json was written with, when one exists (its records need that cipher). */
function vaultBackend(dataDir: string): string | null {
  try {
    const doc = JSON.parse(readFileSync(join(dataDir, 'vault.json'), 'utf8')) as { backend?: unknown }
    return typeof doc.backend === 'string' ? doc.backend : null
  } catch {
    return null
  }
}

interface DesktopCipherOptions {
  dataDir: string
  platform?: NodeJS.Platform
  /** Asks the user (a dialog in the app); resolves true to use the key-file vault. */
  ask: (question: StorageQuestion) => Promise<boolean>
}

/**
 * The desktop app's vault cipher: the OS keyring through safeStorage when it truly protects secrets, otherwise (after
 * asking once per data folder) the AES-256-GCM key-file vault the web host uses. A data folder whose vault was already
 * written with the key file keeps it, so its records stay readable. Never a silent plain-text store.
 */
export async function createDesktopCipher(options: DesktopCipherOptions): Promise<SecretCipher> {
  const platform = options.platform ?? process.platform
  const keyPath = join(options.dataDir, KEY_FILE)
  const choicePath = join(options.dataDir, STORAGE_CHOICE_FILE)
  if (vaultBackend(options.dataDir) === 'aes-256-gcm-keyfile' && existsSync(keyPath)) {
    return fallbackCipher(
      keyPath,
      "this data folder's vault was written with the key-file vault (chosen earlier), and its records need it.",
    )
  }
  const available = await safeStorage.isAsyncEncryptionAvailable().catch(() => false)
  const verdict = judgeSafeStorage(platform, available, platform === 'linux' ? safeStorage.getSelectedStorageBackend() : undefined)
  if (verdict.kind === 'keyring') return keyringCipher(verdict.backend)
  if (!existsSync(choicePath)) {
    if (!(await options.ask(storageQuestion(verdict.why, keyPath)))) throw new StorageDeclined()
    await mkdir(options.dataDir, { recursive: true, mode: 0o700 })
    const choice = { backend: 'aes-256-gcm-keyfile', acceptedAt: new Date().toISOString(), because: verdict.why }
    await writeFile(choicePath, `${JSON.stringify(choice, null, 2)}\n`, { mode: 0o600 })
  }
  return fallbackCipher(keyPath, verdict.why)
}
