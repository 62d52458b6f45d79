import { safeStorage } from 'electron'
import type { SecretCipher } from '../engine/vault/secret-cipher'

/**
 * The vault's cipher in the desktop app: Electron safeStorage (Keychain, DPAPI, libsecret/kwallet). On Linux without a
 * keyring it falls back to `basic_text`, a hard-coded key: reported as unprotected so the UI warns and asks first.
 */
export function createSafeStorageCipher(): SecretCipher {
  const backend =
    process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : process.platform === 'darwin' ? 'keychain' : 'dpapi'
  const available = safeStorage.isEncryptionAvailable()
  const unprotected = !available || backend === 'basic_text'
  return {
    info: {
      backend: `safeStorage:${backend}`,
      protected: !unprotected,
      description: unprotected
        ? 'No OS keyring was found: secrets would be stored with a key any local program can derive. The console asks before storing one.'
        : `Encrypted by the operating system's keyring (${backend}).`,
    },
    encrypt: plain => safeStorage.encryptString(plain),
    decrypt: data => safeStorage.decryptString(data),
  }
}
