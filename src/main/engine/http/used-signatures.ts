/** How long a sent signature is remembered: its 10 s lifetime plus a second of margin. */
const REMEMBER_MS = 11_000
const MAX_REMEMBERED = 10_000

/**
 * Signatures this console has sent recently. Two identical requests signed in the same second produce the same
 * signature, which a server that refuses replays (the sandbox does) rejects; the executor asks `wasUsed` and, when
 * so, signs again in the next second so every request carries a signature never sent before.
 */
export class UsedSignatures {
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
}

/** Milliseconds until the next whole second of the local clock (what moves a Unix-seconds timestamp on). */
export function msUntilNextSecond(now: number = Date.now()): number {
  return 1000 - (now % 1000) + 1
}
