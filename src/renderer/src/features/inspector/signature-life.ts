/** Where a signature made at timestamp T stands at a given server time (the engine's freshness rule, docs/api.md#hmac-signature). */
interface SignatureLife {
  state: 'valid' | 'expired' | 'future'
  /** ms until it expires (negative once expired). */
  remainingMs: number
  /** Server time minus T, in ms (negative: T is in the future). */
  ageMs: number
  lifetimeMs: number
}

/**
 * A signature made at T (Unix seconds) is accepted while the server's clock is within the lifetime either side of T:
 * it drains from T to T + lifetime, and one stamped more than a lifetime ahead is refused as "future".
 */
export function signatureLife(timestampSeconds: number, serverNowMs: number, lifetimeMs = 10_000): SignatureLife {
  const ageMs = serverNowMs - timestampSeconds * 1000
  const remainingMs = lifetimeMs - ageMs
  const state = ageMs > lifetimeMs ? 'expired' : -ageMs > lifetimeMs ? 'future' : 'valid'
  return { state, remainingMs, ageMs, lifetimeMs }
}
