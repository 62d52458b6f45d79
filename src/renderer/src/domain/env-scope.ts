/**
 * The environment part of a request: `{ envId }` when a call names one, nothing when it means the active
 * environment (the engine's default). Every channel that takes an optional `envId` is called through this.
 */
export function withEnvId(envId: string | null | undefined): { envId?: string } {
  return envId ? { envId } : {}
}
