import { create } from 'zustand'
import type { OAuthFlowState, OAuthLifecycle } from '../../../shared/contract'

interface AuthStore {
  /** The latest `oauth:flow` event (one pending flow at a time in the engine). */
  flow: OAuthFlowState | null
  /** The latest `oauth:lifecycle` event per environment id. */
  lifecycle: Record<string, OAuthLifecycle>
  setFlow(flow: OAuthFlowState): void
  setLifecycle(lifecycle: OAuthLifecycle): void
}

/**
 * What the engine last said about the consent flow and the token lifecycle, fed by events (see use-auth-feed). Holds
 * no token: flow states and lifecycle events carry fingerprints only.
 */
export const useAuthStore = create<AuthStore>(set => ({
  flow: null,
  lifecycle: {},
  setFlow: flow => set({ flow }),
  setLifecycle: lifecycle => set(s => ({ lifecycle: { ...s.lifecycle, [lifecycle.envId]: lifecycle } })),
}))

/** The newer of two engine snapshots that carry an ISO `at` (events may arrive before or after a query answers). */
export function newest<T extends { at: string }>(a: T | null | undefined, b: T | null | undefined): T | null {
  if (!a) return b ?? null
  if (!b) return a
  return Date.parse(b.at) > Date.parse(a.at) ? b : a
}
