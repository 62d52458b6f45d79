import { ALL_PERMISSIONS } from './seed-data'
import type { SandboxClient } from './types'

/**
 * The registered client applications (2.1). Registering an existing clientId replaces it, so the
 * console can re-register its loopback catcher when its port changes.
 */
export class ClientRegistry {
  private readonly clients = new Map<string, SandboxClient>()

  /** Adds or replaces a client after checking the fields the flows rely on. */
  register(client: SandboxClient): SandboxClient {
    const problem = validateClient(client)
    if (problem) throw new Error(`invalid sandbox client: ${problem}`)
    const normalized: SandboxClient = {
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      redirectUris: [...client.redirectUris],
      name: client.name ?? client.clientId,
      permissions: client.permissions ? [...client.permissions] : [...ALL_PERMISSIONS],
    }
    this.clients.set(normalized.clientId, normalized)
    return normalized
  }

  /** Looks a client up by its public id. */
  get(clientId: string): SandboxClient | undefined {
    return this.clients.get(clientId)
  }

  /** All clients, in registration order. */
  list(): SandboxClient[] {
    return [...this.clients.values()]
  }
}

/** Returns a human-readable reason why a client definition is unusable, or null when it is fine. */
export function validateClient(client: SandboxClient): string | null {
  if (typeof client.clientId !== 'string' || client.clientId === '') return 'clientId must be a non-empty string'
  if (typeof client.clientSecret !== 'string' || client.clientSecret === '') return 'clientSecret must be a non-empty string'
  if (!Array.isArray(client.redirectUris) || client.redirectUris.length === 0) return 'redirectUris must list at least one URL'
  for (const uri of client.redirectUris) {
    if (typeof uri !== 'string' || !URL.canParse(uri)) return `redirect URI is not an absolute URL: ${String(uri)}`
  }
  if (client.permissions !== undefined) {
    if (!Array.isArray(client.permissions) || client.permissions.some(p => typeof p !== 'string'))
      return 'permissions must be an array of strings'
  }
  return null
}
