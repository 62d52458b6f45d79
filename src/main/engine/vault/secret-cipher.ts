import type { SecretStorageInfo } from '../../../shared/contract'

/**
 * The port through which the vault encrypts records at rest. Electron implements it with `safeStorage`
 * (src/main/electron); the web host and the CLI use the AES-256-GCM key-file cipher. The engine never knows which.
 */
export interface SecretCipher {
  readonly info: SecretStorageInfo
  /** May be asynchronous (Electron's safeStorage encryptStringAsync); the vault keeps changes in call order. */
  encrypt(plain: string): Buffer | Promise<Buffer>
  decrypt(data: Buffer): string | Promise<string>
}
