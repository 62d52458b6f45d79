import type { HttpExchangeView } from '../../../shared/contract'
import { SIGNATURE_LIFETIME_MS } from '../signing/clock-skew'

/** Why a refused call failed, as far as the exchange itself shows it: the advice is chosen by this, not by status. */
type FailureCause =
  | { kind: 'stale-signature'; ageMs: number; lifetimeMs: number }
  | { kind: 'future-signature'; ageMs: number; lifetimeMs: number }
  | { kind: 'signature-refused' }
  | { kind: 'token-refused'; refreshed: boolean }
  | { kind: 'other' }

/** The server's `Date` header (1-second resolution), Unix ms; null when absent or not a date. */
function serverDate(view: HttpExchangeView): number | null {
  const value = view.headers.find(h => h.name.toLowerCase() === 'date')?.value
  const ms = value ? Date.parse(value) : Number.NaN
  return Number.isFinite(ms) ? ms : null
}

/**
 * The cause of a 401, read from the exchange: for an HMAC-signed call, the signed timestamp against the server's own
 * `Date` says whether the signature was stale or from the future (clock skew: a signing problem the token cannot
 * fix), or was refused within its life (secret, canonical string); for a bearer call, the token was refused (after a
 * refresh, when one was tried). The 1 s resolution of `Date` is allowed for before calling a signature stale.
 */
export function failureCause(view: HttpExchangeView): FailureCause {
  if (view.status !== 401) return { kind: 'other' }
  if (view.auth === 'hmac') {
    const at = serverDate(view)
    if (view.signing && at !== null) {
      const ageMs = at - view.signing.timestamp * 1000
      if (ageMs > SIGNATURE_LIFETIME_MS + 1000) return { kind: 'stale-signature', ageMs, lifetimeMs: SIGNATURE_LIFETIME_MS }
      if (-ageMs > SIGNATURE_LIFETIME_MS + 1000) return { kind: 'future-signature', ageMs, lifetimeMs: SIGNATURE_LIFETIME_MS }
    }
    return { kind: 'signature-refused' }
  }
  if (view.auth === 'bearer') return { kind: 'token-refused', refreshed: view.retriedAfter.includes('401') }
  return { kind: 'other' }
}

function span(ms: number): string {
  const s = Math.abs(ms) / 1000
  if (s < 120) return `${Math.round(s)} s`
  if (s < 2 * 3600) return `${Math.round(s / 60)} min`
  return `${(s / 3600).toFixed(1)} h`
}

/** What to do next for a cause, in the user's words; null when the status's general advice is all there is. */
export function adviceFor(cause: FailureCause): string | null {
  switch (cause.kind) {
    case 'stale-signature':
      return `The signature was stale, not the token: by the server's clock the signed timestamp was ${span(cause.ageMs)} old, and a signature lives ${cause.lifetimeMs / 1000} s. The server's clock is ahead of this machine's by more than that life, so signing again with this machine's time fails the same way: sign with the server's time (Signature inspector, or "Sign with the server's time" here), or correct the clock.`
    case 'future-signature':
      return `The signature was stamped ${span(cause.ageMs)} ahead of the server's clock, beyond its ${cause.lifetimeMs / 1000} s life: this machine's clock is fast. Sign with the server's time, or correct the clock (NTP).`
    case 'signature-refused':
      return 'The signature was refused within its life: check the client secret and that the path, query and body were signed exactly as sent. The Signature inspector shows the canonical string.'
    case 'token-refused':
      return cause.refreshed
        ? 'The token was refused, refreshed, and refused again: authorize again (the grant may have been revoked).'
        : 'The token was refused and could not be refreshed: authorize again.'
    default:
      return null
  }
}
