import type { SecretStorageInfo } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import type { EnvironmentRecord } from './environment-record'

/**
 * Refuses to store a secret with an unprotected backend (Electron safeStorage `basic_text`) unless the request carried
 * the user's explicit consent; the error explains the risk and the way out.
 */
export function requireStorageConsent(info: SecretStorageInfo, accept: boolean | undefined, what: string): void {
  if (info.protected || accept === true) return
  throw new ConsoleError(
    'forbidden',
    `Storing ${what} needs your consent: the secret storage (${info.backend}) is not protected. ${info.description}`,
    {
      hint: 'Any program running as your user could read it. Agree explicitly (acceptUnprotectedStorage: true), or install/unlock an OS keyring (e.g. gnome-keyring, kwallet) and restart.',
      details: { backend: info.backend },
    },
  )
}

/** Whether an environment's tokens may be written to the vault, and why not when they may not. */
export function tokenPersistenceOf(record: EnvironmentRecord, info: SecretStorageInfo): { persist: boolean; note: string | null } {
  if (record.builtIn)
    return { persist: false, note: 'The built-in sandbox forgets its tokens when it stops, so they are kept in memory only.' }
  if (!info.protected && !record.unprotectedStorageAccepted) {
    return {
      persist: false,
      note: `Tokens are kept in memory only: ${info.backend} is unprotected and you have not agreed to store secrets with it.`,
    }
  }
  return { persist: true, note: null }
}
