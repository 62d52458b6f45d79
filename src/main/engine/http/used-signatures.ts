/** How long a sent signature is remembered: its 10 s lifetime plus a second of margin. */
export const REMEMBER_MS = 11_000
const MAX_REMEMBERED = 10_000

/**
 * Where the executor claims a signature before sending it. `claim` answers true and records it when the signature
 * (signed at `timestamp`, Unix seconds) may be sent: never sent before by anyone this ledger can see. On false the
 * executor waits for the next second and signs again.
 */
export interface SignatureClaims {
  claim(signature: string, timestamp: number): boolean
}

/**
 * Signatures this console has sent recently, in this process. Two identical requests signed in the same second
 * produce the same signature, which a server that refuses replays (the sandbox does) rejects.
 */
export class UsedSignatures implements SignatureClaims {
  private readonly expiry = new Map<string, number>()

  constructor(private readonly now: () => number = Date.now) {}

  wasUsed(signature: string): boolean {
    const until = this.expiry.get(signature)
    return until !== undefined && until > this.now()
  }

  remember(signature: string): void {
    const now = this.now()
    if (this.expiry.size >= MAX_REMEMBERED) {
      for (const [s, until] of this.expiry) if (until <= now) this.expiry.delete(s)
      if (this.expiry.size >= MAX_REMEMBERED) this.expiry.delete(this.expiry.keys().next().value as string)
    }
    this.expiry.set(signature, now + REMEMBER_MS)
  }

  claim(signature: string): boolean {
    if (this.wasUsed(signature)) return false
    this.remember(signature)
    return true
  }
}

/**
 * For a run without a data folder of its own (CLI `--sandbox` or flags): no earlier run can be seen, so a signature
 * is claimable only from the second after this run started. A run started after another ended then never signs in a
 * second that one signed in, and a shell loop of such runs never repeats a signature (at most one second's wait).
 */
export class AfterStartSecond implements SignatureClaims {
  constructor(private readonly startTimestamp: number) {}

  claim(_signature: string, timestamp: number): boolean {
    return timestamp > this.startTimestamp
  }
}

/** Claims a signature only when every ledger agrees it is new (each records it). */
export function allClaims(...ledgers: SignatureClaims[]): SignatureClaims {
  return { claim: (signature, timestamp) => ledgers.every(l => l.claim(signature, timestamp)) }
}

/** Milliseconds until the next whole second of the local clock (what moves a Unix-seconds timestamp on). */
export function msUntilNextSecond(now: number = Date.now()): number {
  return 1000 - (now % 1000) + 1
}
