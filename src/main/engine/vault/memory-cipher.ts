import { randomBytes } from 'node:crypto'
import { aesGcmCipher, KEY_BYTES } from './keyfile-cipher'
import type { SecretCipher } from './secret-cipher'

/**
 * The key-file cipher's records under a random key that lives only in this process: for a temporary run (`--sandbox`,
 * an environment from flags) whose data folder is deleted when it ends. Nothing is written or flushed to disk for the
 * key, and a vault left behind by a killed run cannot be decrypted by anyone.
 */
export function createMemoryCipher(): SecretCipher {
  return aesGcmCipher(
    randomBytes(KEY_BYTES),
    {
      backend: 'aes-256-gcm-keyfile',
      protected: true,
      description: 'AES-256-GCM, random key held in memory for this temporary run only (never written to disk).',
    },
    'Run again: a temporary run starts with a new, empty vault',
  )
}
