import type { SandboxClock } from './sandbox-clock'

export interface Installation {
  locationId: number
  clientId: string
  merchantId: string
  installedAt: string
}

/**
 * Installations recorded by docs/api.md#install, one per (client, location). Installing again is idempotent:
 * the first installation and its timestamp are kept.
 */
export class InstallationStore {
  private readonly installations = new Map<string, Installation>()

  constructor(private readonly clock: SandboxClock) {}

  /** Records an installation; returns false when it already existed. */
  install(clientId: string, merchantId: string, locationId: number): boolean {
    const key = `${clientId}\u0000${locationId}`
    if (this.installations.has(key)) return false
    this.installations.set(key, {
      locationId,
      clientId,
      merchantId,
      installedAt: new Date(this.clock.now()).toISOString(),
    })
    return true
  }

  /** Whether the client has installed its integration at the location. */
  has(clientId: string, locationId: number): boolean {
    return this.installations.has(`${clientId}\u0000${locationId}`)
  }

  /** Every installation, oldest first. */
  list(): Installation[] {
    return [...this.installations.values()]
  }

  /** Forgets every installation (operator reset). */
  clear(): void {
    this.installations.clear()
  }
}
