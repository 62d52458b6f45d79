import { createHash } from 'node:crypto'
import { FewStringsMatcher, type FixedStringMatcher, KnownSecretMatcher, replaceLongest } from './known-secret-matcher'
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

/** Up to this many patterns (about one value's forms) are found by indexOf rather than an automaton built for them. */
const FEW_PATTERNS = 16

/** One matcher (an automaton, or indexOf for a few patterns) over some known values, with each pattern's marker. */
interface Tier {
  matcher: FixedStringMatcher
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
  const matcher = patterns.length <= FEW_PATTERNS ? new FewStringsMatcher(patterns) : new KnownSecretMatcher(patterns)
  return { matcher, markers }
}

/** What redaction needs of the known values: the registry itself, or its view for one exchange (withOneUse). */
export interface SecretMasking {
  add(value: string | undefined | null, label?: string, options?: { pin?: boolean }): void
  maskFor(value: string, label?: string): string
  redact(text: string): string
  /** True when the text holds a value this masking would replace, in any form (a cheap check before a walk). */
  contains(text: string): boolean
}

/** Long enough to be a real secret, short enough to match, and not a marker this redaction produced. */
function registrable(value: string | undefined | null): value is string {
  return !!value && value.length >= MIN_SECRET_LENGTH && value.length <= MAX_SECRET_LENGTH && !MARKER_TEXT.test(value)
}

const MARKER_TEXT = /^\[redacted:[\w-]+:[0-9a-f]{8}\]$/

function markerOf(value: string, label: string): string {
  return `[redacted:${label}:${fingerprint(value)}]`
}

/**
 * The secret values the engine itself owns: client secrets, the tokens and codes of its own flows, PKCE verifiers, the
 * sandbox operator token, credentials it sends. Values that only pass through (an imported HAR, a server's response
 * body) are redacted by name and never registered here (docs/security.md says why). Anything that leaves the main
 * process passes through `redact` or `redactDeep`, which replace each known value, in every encoded form
 * (secretForms), with `[redacted:<label>:<fingerprint>]`, in time linear in the text.
 */
export class SecretRegistry implements SecretMasking {
  private readonly secrets = new Map<string, Known>()
  /**
   * Automata over the known values, oldest first, each at least twice the size of the next: a new value gets a small
   * automaton of its own, and equal-sized neighbours merge, as the digits of a binary counter carry. Adding a value
   * never rebuilds the automaton over every known value (a capture registering a new token or cookie on every
   * exchange stays O(log n) per value, amortized), and a text is scanned by O(log n) automata.
   */
  private built: Array<{ tier: Tier; values: string[] }> = []
  /** Values in no automaton yet, in the order they were added. */
  private pending: string[] = []

  /**
   * Registers a value (ignored when too short or too long to be a real secret). `pin: false` lets even a client secret
   * be forgotten first past the cap: values seen in captured traffic are never pinned, so a client sending endless
   * distinct "secrets" cannot grow the registry without bound.
   */
  add(value: string | undefined | null, label = 'secret', options: { pin?: boolean } = {}): void {
    if (!registrable(value) || this.secrets.has(value)) return
    this.secrets.set(value, {
      marker: markerOf(value, label),
      pinned: options.pin !== false && PINNED_LABELS.has(label),
    })
    if (this.secrets.size > MAX_KNOWN_SECRETS) {
      this.evictOldest()
      this.built = []
      this.pending = [...this.secrets.keys()]
      return
    }
    this.pending.push(value)
  }

  /**
   * A view of the registry for the texts of one exchange that also masks that exchange's one-use values (a captured
   * request's x-signature) without registering them: a signature is valid once, for seconds, so it has no place in
   * the session's set, and masking it costs O(exchange) rather than a change to the automata every text goes through.
   * The view's markers are the ones the registry would give; a one-use value the registry already knows keeps its own.
   */
  withOneUse(values: ReadonlyArray<readonly [value: string, label: string]>): SecretMasking {
    const own = new Map<string, Known>()
    for (const [value, label] of values)
      if (registrable(value) && !this.secrets.has(value)) own.set(value, { marker: markerOf(value, label), pinned: false })
    if (own.size === 0) return this
    const extra = buildTier(own, own.keys())
    return {
      add: (value, label, options) => this.add(value, label, options),
      maskFor: (value, label) => own.get(value)?.marker ?? this.maskFor(value, label),
      redact: text => this.redactWith(text, extra),
      contains: text => this.contains(text) || (!!text && extra.matcher.test(text)),
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
    return this.secrets.get(value)?.marker ?? markerOf(value, label)
  }

  /** Replaces every known secret, in any of its encoded forms, in free text. */
  redact(text: string): string {
    return this.redactWith(text, null)
  }

  /** Every known value, and the one-use values of `extra`, replaced at once (leftmost-longest over all of them). */
  private redactWith(text: string, extra: Tier | null): string {
    if (!text || (this.secrets.size === 0 && !extra)) return text
    // Most texts hold no secret: the automata are tested in place first, with no array of them or closure per call.
    if (!this.contains(text) && !extra?.matcher.test(text)) return text
    const tiers = this.secrets.size === 0 ? [] : this.tiers()
    if (extra) tiers.push(extra)
    return replaceLongest(
      text,
      tiers.map(t => t.matcher),
      (m, index) => tiers[m]?.markers[index] as string,
    )
  }

  /** True when the text holds a known secret in any form. */
  contains(text: string): boolean {
    if (this.secrets.size === 0 || !text) return false
    // Asked several times per captured exchange: the automata are read in place, no array or closure per call.
    this.buildPending()
    for (const b of this.built) if (b.tier.matcher.test(text)) return true
    return false
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

  /** The automata covering every known value (a new array), built or merged as little as the values added since allow. */
  private tiers(): Tier[] {
    this.buildPending()
    return this.built.map(b => b.tier)
  }

  /** Values added since the last read joined to the automata (see `built`). */
  private buildPending(): void {
    if (this.pending.length > 0) {
      let values = this.pending
      this.pending = []
      // Carry: merge with the newest automaton while it is not at least twice the size of what joins it.
      for (let last = this.built.at(-1); last && last.values.length < 2 * values.length; last = this.built.at(-1)) {
        this.built.pop()
        values = [...last.values.filter(v => this.secrets.has(v)), ...values]
      }
      this.built.push({ tier: buildTier(this.secrets, values), values })
    }
  }

  private evictOldest(): void {
    for (const [value, known] of this.secrets) {
      // Down to nine tenths at once: the automata are rebuilt once per 200 values past the cap, not on every value.
      if (this.secrets.size <= MAX_KNOWN_SECRETS - MAX_KNOWN_SECRETS / 10) return
      if (!known.pinned) this.secrets.delete(value)
    }
  }
}
