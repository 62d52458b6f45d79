import { createHash } from 'node:crypto'
import { KnownSecretMatcher, replaceLongest } from './known-secret-matcher'
import { redactStrings } from './redact-deep'
import { secretForms } from './secret-forms'

/** A stable, non-reversible short name for a secret value: what the UI, logs and exports show instead of it. */
export function fingerprint(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex').slice(0, 8)
}

/** Shorter values are not registered: they would redact innocent text. */
const MIN_SECRET_LENGTH = 6
/** Longer values are not registered (no real credential is this long; an automaton over it would be). */
const MAX_SECRET_LENGTH = 8192
/**
 * At most this many values are known at once; past it the oldest tokens and codes are forgotten first (client secrets
 * and the sandbox operator token are kept), a tenth at a time. A long session registers a handful of values per authorization.
 */
export const MAX_KNOWN_SECRETS = 2000
const PINNED_LABELS = new Set(['client_secret', 'sandbox_admin_token'])

interface Known {
  marker: string
  pinned: boolean
}

/** One automaton over some of the known values, with the marker of each of its patterns. */
interface Tier {
  matcher: KnownSecretMatcher
  markers: string[]
}

function buildTier(secrets: ReadonlyMap<string, Known>, values: Iterable<string>): Tier {
  const patterns: string[] = []
  const markers: string[] = []
  for (const value of values) {
    const known = secrets.get(value)
    if (!known) continue
    for (const form of secretForms(value)) {
      if (form.length < MIN_SECRET_LENGTH) continue
      patterns.push(form)
      markers.push(known.marker)
    }
  }
  return { matcher: new KnownSecretMatcher(patterns), markers }
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
  /**
   * Two tiers, so adding a value never rebuilds the automaton over every known value: `base` covers the values known
   * at its last build, `recent` the few added since (rebuilt alone, small). When `recent` grows past a quarter of
   * `base`, both merge into a new `base`: each value is built into an automaton O(log n) times at most (amortized).
   */
  private base: Tier | null = null
  private recent: Tier | null = null
  /** Values not in `base` yet, in the order they were added. */
  private recentValues: string[] = []

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
    if (this.secrets.size > MAX_KNOWN_SECRETS) {
      this.evictOldest()
      this.base = null
      this.recent = null
      this.recentValues = []
      return
    }
    if (this.base) {
      this.recentValues.push(value)
      this.recent = null
    }
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
    const tiers = this.tiers()
    return replaceLongest(
      text,
      tiers.map(t => t.matcher),
      (m, index) => tiers[m]?.markers[index] as string,
    )
  }

  /** True when the text holds a known secret in any form. */
  contains(text: string): boolean {
    return this.secrets.size > 0 && !!text && this.tiers().some(t => t.matcher.test(text))
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

  /** The automata covering every known value, built or rebuilt as little as the values added since allow. */
  private tiers(): Tier[] {
    if (!this.base || this.recentValues.length > Math.max(32, this.secrets.size / 4)) {
      this.base = buildTier(this.secrets, this.secrets.keys())
      this.recent = null
      this.recentValues = []
    } else if (!this.recent && this.recentValues.length > 0) {
      this.recent = buildTier(this.secrets, this.recentValues)
    }
    return this.recent ? [this.base, this.recent] : [this.base]
  }

  private evictOldest(): void {
    for (const [value, known] of this.secrets) {
      // Down to nine tenths at once: the automata are rebuilt once per 200 values past the cap, not on every value.
      if (this.secrets.size <= MAX_KNOWN_SECRETS - MAX_KNOWN_SECRETS / 10) return
      if (!known.pinned) this.secrets.delete(value)
    }
  }
}
