/** How long a sent signature is remembered: its 10 s lifetime plus a second of margin. */
export const REMEMBER_MS = 11_000
const MAX_REMEMBERED = 10_000

/**
 * Where the executor claims a signature before sending it. `claim` answers true and records it when the signature
 * may be sent to `origin` (the server's scheme, host and port): never sent there before by anyone this ledger can
 * see. A server refuses a replay it has seen itself, so the same signature to another server (each CLI `--sandbox`
 * run has its own) is no replay. On false the executor waits for the next second and signs again.
 */
export interface SignatureClaims {
  claim(signature: string, origin: string): boolean
}

/**
 * Signatures this console has sent recently, in this process. Two identical requests signed in the same second
 * produce the same signature, which a server that refuses replays (the sandbox does) rejects.
 */
export class UsedSignatures implements SignatureClaims {
  private readonly expiry = new Map<string, number>()

  constructor(private readonly now: () => number = Date.now) {}

  private wasUsed(key: string): boolean {
    const until = this.expiry.get(key)
    return until !== undefined && until > this.now()
  }

  private remember(key: string): void {
    const now = this.now()
    if (this.expiry.size >= MAX_REMEMBERED) {
      for (const [s, until] of this.expiry) if (until <= now) this.expiry.delete(s)
      if (this.expiry.size >= MAX_REMEMBERED) this.expiry.delete(this.expiry.keys().next().value as string)
    }
    this.expiry.set(key, now + REMEMBER_MS)
  }

  claim(signature: string, origin: string): boolean {
    const key = `${origin} ${signature}`
    if (this.wasUsed(key)) return false
    this.remember(key)
    return true
  }
}

/** Claims a signature only when every ledger agrees it is new (each records it). */
export function allClaims(...ledgers: SignatureClaims[]): SignatureClaims {
  return { claim: (signature, origin) => ledgers.every(l => l.claim(signature, origin)) }
}

/** Milliseconds until the next whole second of the local clock (what moves a Unix-seconds timestamp on). */
export function msUntilNextSecond(now: number = Date.now()): number {
  return 1000 - (now % 1000) + 1
}
