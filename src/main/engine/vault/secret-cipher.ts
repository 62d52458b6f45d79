import type { SecretStorageInfo } from '../../../shared/contract'

/**
 * The port through which the vault encrypts records at rest. Electron implements it with `safeStorage`
 * (src/main/electron); the web host and the CLI use the AES-256-GCM key-file cipher. The engine never knows which.
 */
export interface SecretCipher {
  readonly info: SecretStorageInfo
  /**
   * May be asynchronous (Electron's safeStorage encryptStringAsync); the vault keeps changes in call order. `name` is
   * the record's name: a cipher that can bind it (AES-GCM additional data) does, so a record moved under another name
   * fails to decrypt instead of handing one environment's secret to another.
   */
  encrypt(plain: string, name?: string): Buffer | Promise<Buffer>
  decrypt(data: Buffer, name?: string): string | Promise<string>
}
