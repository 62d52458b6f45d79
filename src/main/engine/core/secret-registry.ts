import { createHash } from 'node:crypto'

/** A stable, non-reversible short name for a secret value: what the UI, logs and exports show instead of it. */
export function fingerprint(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex').slice(0, 8)
}

const MIN_SECRET_LENGTH = 6

/**
 * Every secret value the engine knows (client secrets, tokens, codes). Anything that leaves the main process (log
 * entries, HAR, cURL, error messages, bridge events) passes through `redact`, which replaces each known value,
 * wherever it appears, with `[redacted:<label>:<fingerprint>]`.
 */
export class SecretRegistry {
  private readonly secrets = new Map<string, string>()
  private pattern: RegExp | null = null

  /** Registers a value (ignored when too short to be a real secret, which would redact innocent text). */
  add(value: string | undefined | null, label = 'secret'): void {
    if (!value || value.length < MIN_SECRET_LENGTH || this.secrets.has(value)) return
    this.secrets.set(value, `[redacted:${label}:${fingerprint(value)}]`)
    this.pattern = null
  }

  has(value: string): boolean {
    return this.secrets.has(value)
  }

  /** The replacement shown for a value (whether or not it is registered). */
  maskFor(value: string, label = 'secret'): string {
    return this.secrets.get(value) ?? `[redacted:${label}:${fingerprint(value)}]`
  }

  redact(text: string): string {
    if (this.secrets.size === 0 || !text) return text
    if (!this.pattern) {
      const alternatives = [...this.secrets.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp)
      this.pattern = new RegExp(alternatives.join('|'), 'g')
    }
    return text.replace(this.pattern, match => this.secrets.get(match) ?? match)
  }

  /**
   * The opposite of `redact`, for an export the user explicitly asked to contain secrets: every marker whose value
   * this registry knows is put back; markers of values it never held (e.g. one-use signatures) stay, and are counted.
   */
  reveal(text: string): { text: string; restored: number; unresolved: number } {
    const byMarker = new Map<string, string>()
    for (const [value, marker] of this.secrets) byMarker.set(marker, value)
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

  /** Redacts every string inside a JSON-like value, keys included. */
  redactDeep<T>(value: T): T {
    if (this.secrets.size === 0) return value
    return JSON.parse(this.redact(JSON.stringify(value))) as T
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
