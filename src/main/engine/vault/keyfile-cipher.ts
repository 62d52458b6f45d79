import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { chmodSync, closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import { ConsoleError } from '../core/console-error'
import type { SecretCipher } from './secret-cipher'

export const KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16
/** 1: no additional data (read only, for vaults written before); 2: the record's name is the GCM additional data. */
const LEGACY_VERSION = 1
const VERSION = 2

/**
 * AES-256-GCM with a random 96-bit IV per record and a random key kept in a 0600 file: the secret storage of the web
 * host and the CLI, where Electron's safeStorage is not available. The UI labels it for what it is: anyone who can
 * read the key file as this user can decrypt the vault.
 * Each record is bound to its name (AES-GCM additional data): moved under another name, it fails its integrity check.
 * Record layout: version (1 byte) | IV (12) | tag (16) | ciphertext.
 */
export function createKeyFileCipher(keyPath: string): SecretCipher {
  return aesGcmCipher(
    loadOrCreateKey(keyPath),
    {
      backend: 'aes-256-gcm-keyfile',
      protected: true,
      description: `AES-256-GCM, random key in ${keyPath} (mode 0600). Protects against copies of the vault, not against this user account.`,
    },
    `Restore the key file ${keyPath} that belongs to this vault`,
  )
}

/** The record format above over a given 32-byte key; `info` says where the key lives, `restore` how to get it back. */
export function aesGcmCipher(key: Buffer, info: SecretCipher['info'], restore: string): SecretCipher {
  return {
    info,
    encrypt(plain: string, name = ''): Buffer {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(name, 'utf8'))
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body])
    },
    decrypt(data: Buffer, name = ''): string {
      if (data.length < 1 + IV_BYTES + TAG_BYTES || (data[0] !== VERSION && data[0] !== LEGACY_VERSION)) {
        throw new ConsoleError('storage', 'A vault record is not in the expected format and cannot be decrypted.')
      }
      const iv = data.subarray(1, 1 + IV_BYTES)
      const tag = data.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES)
      const decipher = createDecipheriv('aes-256-gcm', key, iv)
      decipher.setAuthTag(tag)
      if (data[0] === VERSION) decipher.setAAD(Buffer.from(name, 'utf8'))
      try {
        return Buffer.concat([decipher.update(data.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8')
      } catch (cause) {
        throw new ConsoleError(
          'storage',
          'A vault record failed its integrity check: it was changed, moved under another name, or the key file was replaced.',
          {
            hint: `${restore}, or delete the affected environment's secrets and enter them again.`,
            cause,
          },
        )
      }
    },
  }
}

function loadOrCreateKey(keyPath: string): Buffer {
  try {
    const key = readFileSync(keyPath)
    if (key.length !== KEY_BYTES) {
      throw new ConsoleError('storage', `The vault key file ${keyPath} is ${key.length} bytes long; it should be ${KEY_BYTES}.`, {
        hint: 'The file was damaged or replaced. Restore it from a backup, or move it away to start a new, empty vault.',
      })
    }
    return key
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(dirname(keyPath), { recursive: true, mode: 0o700 })
  const key = randomBytes(KEY_BYTES)
  const tmp = `${keyPath}.${process.pid}.tmp`
  const fd = openSync(tmp, 'wx', 0o600)
  try {
    writeSync(fd, key)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  chmodSync(tmp, 0o600)
  renameSync(tmp, keyPath)
  return key
}
