import { ALL_PERMISSIONS } from '../data/seed-data'

export interface SandboxClient {
  clientId: string
  clientSecret: string
  redirectUris: string[]
  name?: string
  permissions?: string[]
}

/**
 * The registered client applications (docs/api.md#client-credentials). Registering an existing clientId replaces it, so the
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

/** Bounds of a client definition: what the operator API and the CLI accept, and what the OpenAPI document states. */
export const CLIENT_BOUNDS = {
  idLength: 128,
  secretLength: 256,
  nameLength: 128,
  redirectUris: 10,
  uriLength: 2048,
  permissions: 20,
  permissionLength: 64,
} as const

/** Printable text without controls (a client id or secret ends up in logs, pages and headers). */
const PRINTABLE = /^\P{Cc}+$/u

function text(value: unknown, name: string, max: number): string | null {
  if (typeof value !== 'string' || value === '' || value.length > max || !PRINTABLE.test(value))
    return `${name} must be a non-empty string of at most ${max} printable characters`
  return null
}

/** Returns a human-readable reason why a client definition is unusable (naming the bound), or null when it is fine. */
export function validateClient(client: SandboxClient): string | null {
  const b = CLIENT_BOUNDS
  const problem = text(client.clientId, 'clientId', b.idLength) ?? text(client.clientSecret, 'clientSecret', b.secretLength)
  if (problem) return problem
  if (client.name !== undefined && text(client.name, 'name', b.nameLength)) return text(client.name, 'name', b.nameLength)
  if (!Array.isArray(client.redirectUris) || client.redirectUris.length === 0 || client.redirectUris.length > b.redirectUris)
    return `redirectUris must list 1 to ${b.redirectUris} URLs`
  for (const uri of client.redirectUris) {
    if (typeof uri !== 'string' || uri.length > b.uriLength || !URL.canParse(uri))
      return `redirect URI is not an absolute URL of at most ${b.uriLength} characters: ${String(uri).slice(0, 80)}`
  }
  if (client.permissions !== undefined) {
    if (
      !Array.isArray(client.permissions) ||
      client.permissions.length > b.permissions ||
      client.permissions.some(p => typeof p !== 'string' || !/^[!-~]+$/.test(p) || p.length > b.permissionLength)
    )
      return `permissions must be an array of at most ${b.permissions} names (1 to ${b.permissionLength} characters, no spaces)`
  }
  return null
}
