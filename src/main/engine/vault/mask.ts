import { fingerprint } from '../core/secret-registry'

/**
 * The form in which a secret or token may reach the renderer: its readable prefix (`sbx_at_`), an ellipsis and the
 * last four characters, plus the stable fingerprint. Short values show no characters at all, so the mask can never
 * reveal a meaningful part of a secret.
 */
export function maskSecret(value: string): { masked: string; fingerprint: string } {
  const prefix = /^[A-Za-z]{2,10}_(?:[A-Za-z]{1,8}_)?/.exec(value)?.[0] ?? ''
  const rest = value.length - prefix.length
  const tail = rest >= 16 ? value.slice(-4) : ''
  return { masked: `${prefix}…${tail}`, fingerprint: fingerprint(value) }
}
