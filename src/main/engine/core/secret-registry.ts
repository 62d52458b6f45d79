import { createHash } from 'node:crypto'
import { KnownSecretMatcher } from './known-secret-matcher'
import { redactStrings } from './redact-deep'
import { secretForms } from './secret-forms'

/** A stable, non-reversible short name for a secret value: what the UI, logs and exports show instead of it. */
export function fingerprint(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex').slice(0, 8)
}

/** Shorter values are not registered: they would redact innocent text. */
export const MIN_SECRET_LENGTH = 6
/** Longer values are not registered (no real credential is this long; an automaton over it would be). */
export const MAX_SECRET_LENGTH = 8192
/**
 * At most this many values are known at once; past it the oldest tokens and codes are forgotten first (client secrets
 * and the sandbox operator token are kept). A long session registers a handful of values per authorization.
 */
export const MAX_KNOWN_SECRETS = 2000
const PINNED_LABELS = new Set(['client_secret', 'sandbox_admin_token'])

interface Known {
  marker: string
  pinned: boolean
}

/**
 * The secret values the engine itself owns: client secrets, the tokens and codes of its own flows, PKCE verifiers, the
 * sandbox operator token, credentials it sends. Values that only pass through (an imported HAR, a server's response
 * body) are redacted by name and never registered here (docs/security.md says why). Anything that leaves the main
 * process passes through `redact` or `redactDeep`, which replace each known value, in every encoded form
 * (secretForms), with `[redacted:<label>:<fingerprint>]`, in time linear in the text.
 */
export class SecretRegistry {
  private readonly secrets = new Map<string, Known>()
  private matcher: KnownSecretMatcher | null = null
  private markers: string[] = []

  /**
   * Registers a value (ignored when too short or too long to be a real secret). `pin: false` lets even a client secret
   * be forgotten first past the cap: values seen in captured traffic are never pinned, so a client sending endless
   * distinct "secrets" cannot grow the registry without bound.
   */
  add(value: string | undefined | null, label = 'secret', options: { pin?: boolean } = {}): void {
    if (!value || value.length < MIN_SECRET_LENGTH || value.length > MAX_SECRET_LENGTH || this.secrets.has(value)) return
    if (/^\[redacted:[\w-]+:[0-9a-f]{8}\]$/.test(value)) return
    this.secrets.set(value, {
      marker: `[redacted:${label}:${fingerprint(value)}]`,
      pinned: options.pin !== false && PINNED_LABELS.has(label),
    })
    if (this.secrets.size > MAX_KNOWN_SECRETS) this.evictOldest()
    this.matcher = null
  }

  has(value: string): boolean {
    return this.secrets.has(value)
  }

  get size(): number {
    return this.secrets.size
  }

  /** The replacement shown for a value (whether or not it is registered). */
  maskFor(value: string, label = 'secret'): string {
    return this.secrets.get(value)?.marker ?? `[redacted:${label}:${fingerprint(value)}]`
  }

  /** Replaces every known secret, in any of its encoded forms, in free text. */
  redact(text: string): string {
    if (this.secrets.size === 0 || !text) return text
    const matcher = this.build()
    return matcher.replace(text, index => this.markers[index] as string)
  }

  /** True when the text holds a known secret in any form. */
  contains(text: string): boolean {
    return this.secrets.size > 0 && !!text && this.build().test(text)
  }

  /**
   * The opposite of `redact`, for an export the user explicitly asked to contain secrets: every marker whose value
   * this registry knows is put back; markers of values it never held (e.g. one-use signatures) stay, and are counted.
   */
  reveal(text: string): { text: string; restored: number; unresolved: number } {
    const byMarker = new Map<string, string>()
    for (const [value, known] of this.secrets) byMarker.set(known.marker, value)
    let restored = 0
    let unresolved = 0
    const out = text.replace(/\[redacted:[\w-]+:[0-9a-f]{8}\]/g, marker => {
      const value = byMarker.get(marker)
      if (value === undefined) {
        unresolved += 1
        return marker
      }
      restored += 1
      return value
    })
    return { text: out, restored, unresolved }
  }

  /** Redacts every string inside a JSON-like value, keys included, by walking it (never its serialization). */
  redactDeep<T>(value: T): T {
    if (this.secrets.size === 0) return value
    return redactStrings(value, text => this.redact(text))
  }

  private build(): KnownSecretMatcher {
    if (this.matcher) return this.matcher
    const patterns: string[] = []
    const markers: string[] = []
    for (const [value, known] of this.secrets) {
      for (const form of secretForms(value)) {
        if (form.length < MIN_SECRET_LENGTH) continue
        patterns.push(form)
        markers.push(known.marker)
      }
    }
    this.markers = markers
    this.matcher = new KnownSecretMatcher(patterns)
    return this.matcher
  }

  private evictOldest(): void {
    for (const [value, known] of this.secrets) {
      if (this.secrets.size <= MAX_KNOWN_SECRETS) return
      if (!known.pinned) this.secrets.delete(value)
    }
  }
}
