import { fingerprint } from '../core/secret-registry'
import { checkSignature, keyIdOf, type SignatureCheck } from '../signing/signature-check'
import { explainSignature } from '../signing/signature-explainer'
import { checkFreshness } from '../signing/signature-freshness'
import { MILLISECONDS_THRESHOLD } from '../signing/signer'

const MAX_REMEMBERED = 2000
/** The sandbox (and the spec's server) refuses a signature it saw within its 10 s lifetime. */
const REPLAY_WINDOW_MS = 10_000

/** What a captured request's explanation needs: its head and body text (unredacted, engine only). */
interface VerdictRequest {
  method: string
  /** The path with its query, as the client sent it. */
  target: string
  headers: ReadonlyMap<string, string>
  body: string | null
}

/**
 * Explains each captured exchange with what the console already knows, as notes for its log entry (and the `problem`
 * the CLI prints): whether an HMAC signature is right against the environment's secret or which client mistake
 * reproduces it (path case, query, body null, milliseconds, stale timestamp), a signature reused within the server's
 * replay window, and for bearer calls which token (fingerprint) was used and whether it had expired, from the token
 * responses this capture saw. Memory is bounded (oldest tokens and signatures forgotten first).
 */
export class ExchangeVerdicts {
  private readonly signatures = new Map<string, number>()
  private readonly tokens = new Map<string, number | null>()
  /** Fingerprints of the tokens seen lately: the same token rides on every call, and hashing it each time costs. */
  private readonly fingerprints = new Map<string, string>()
  /** The HMAC key's id and secret, for the checks handed on with the exchange. */
  private readonly key: { keyId: string; clientSecret: string }

  constructor(
    private readonly env: { clientId: string; clientSecret: string },
    /** The server's time estimate (local time corrected by the clock-skew estimate), Unix ms. */
    private readonly serverNow: () => number,
  ) {
    this.key = { keyId: keyIdOf(env.clientSecret), clientSecret: env.clientSecret }
  }

  /**
   * Notes for the request, whether one of them is a problem (a wrong or replayed signature, an expired token), and
   * the HMAC check made on the way (null when none was: no signature, unreadable or millisecond timestamp), which
   * the capture hands on with the exchange so the doctor does not compute it again.
   */
  explain(request: VerdictRequest, at: number): { notes: string[]; problem: string | null; signatureCheck: SignatureCheck | null } {
    const notes: string[] = []
    let problem: string | null = null
    let signatureCheck: SignatureCheck | null = null
    const signature = request.headers.get('x-signature')
    const accessKey = request.headers.get('x-access-key')
    const timestamp = request.headers.get('x-timestamp')
    if (signature && accessKey !== undefined && timestamp !== undefined) {
      const seenAt = this.signatures.get(signature)
      if (seenAt !== undefined && at - seenAt < REPLAY_WINDOW_MS) {
        problem = 'reused signature'
        notes.push(
          `Signature reused: the same x-signature was sent ${Math.round((at - seenAt) / 100) / 10} s earlier; the server refuses a replay. Space identical signed requests at least a second apart (a new x-timestamp makes a new signature).`,
        )
      }
      remember(this.signatures, signature, at)
      signatureCheck = this.check(request, signature, accessKey, timestamp)
      const verdict = this.signatureVerdict(request, signature, accessKey, timestamp, signatureCheck)
      notes.push(verdict.note)
      problem ??= verdict.problem
    }
    const auth = request.headers.get('authorization')
    const bearer = auth ? /^Bearer\s+(\S+)/i.exec(auth)?.[1] : undefined
    if (bearer) {
      const fp = this.fingerprintOf(bearer)
      const expiresAt = this.tokens.get(fp)
      if (expiresAt === undefined) notes.push(`Bearer token ${fp}: not issued through this capture (its expiry is unknown here).`)
      else if (expiresAt === null) notes.push(`Bearer token ${fp}: issued by a captured token response that gave no lifetime.`)
      else if (expiresAt <= at) {
        problem ??= 'expired token'
        notes.push(`Bearer token ${fp}: expired ${Math.round((at - expiresAt) / 1000)} s before this call; refresh it first.`)
      } else notes.push(`Bearer token ${fp}: issued by a captured token response, valid ${Math.round((expiresAt - at) / 1000)} s more.`)
    }
    return { notes, problem, signatureCheck }
  }

  private fingerprintOf(token: string): string {
    let fp = this.fingerprints.get(token)
    if (fp === undefined) {
      fp = fingerprint(token)
      remember(this.fingerprints, token, fp)
    }
    return fp
  }

  /** Remembers the access token a captured token response issued, with its expiry, for the bearer calls that follow. */
  tokenIssued(body: string | null, at: number): void {
    if (!body || body.length > 64 * 1024) return
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      return
    }
    const token = (parsed as { access_token?: unknown }).access_token
    // The spec's field is `expiration` (2.3); a standard server's is `expires_in` (RFC 6749 5.1). A refresh response
    // without either (spec 2.4) leaves the expiry unknown.
    const expiresIn = (parsed as { expiration?: unknown }).expiration ?? (parsed as { expires_in?: unknown }).expires_in
    if (typeof token !== 'string' || token === '') return
    remember(
      this.tokens,
      this.fingerprintOf(token),
      typeof expiresIn === 'number' && Number.isFinite(expiresIn) ? at + expiresIn * 1000 : null,
    )
  }

  /**
   * The HMAC check of a readable signed request (an access key, whole seconds): the one computation of the
   * signature per request, shared with the doctor. Null when the headers cannot be checked that way (the explainer
   * says what is wrong) or the signer refuses the input.
   */
  private check(request: VerdictRequest, signature: string, accessKey: string, timestamp: string): SignatureCheck | null {
    const tsText = timestamp.trim()
    if (accessKey === '' || !/^\d{1,16}$/.test(tsText)) return null
    const ts = Number(tsText)
    if (ts >= MILLISECONDS_THRESHOLD) return null
    try {
      return checkSignature(this.key, {
        accessKey,
        method: request.method,
        target: request.target,
        body: request.body ?? '',
        timestamp: ts,
        signature,
      })
    } catch {
      return null
    }
  }

  /**
   * The usual case answered without the explainer (which also builds every part and searches for mistakes): the
   * signature is the HMAC of this request's canonical string (the signer's own), in whole seconds, fresh at the
   * server's time: exactly when explainSignature calls it valid. Anything else goes to the explainer, which says
   * what is wrong.
   */
  private plainlyValid(check: SignatureCheck | null): boolean {
    return check?.matches === true && checkFreshness(check.timestamp, this.serverNow()).state === 'fresh'
  }

  private signatureVerdict(
    request: VerdictRequest,
    signature: string,
    accessKey: string,
    timestamp: string,
    check: SignatureCheck | null,
  ): { note: string; problem: string | null } {
    if (this.plainlyValid(check)) {
      return { note: 'Signature: valid (checked against the environment’s client secret).', problem: null }
    }
    try {
      const result = explainSignature({
        method: request.method,
        path: request.target,
        body: request.body,
        headers: { 'x-access-key': accessKey, 'x-timestamp': timestamp, 'x-signature': signature },
        clientSecret: this.env.clientSecret,
        clientId: this.env.clientId,
        serverNow: this.serverNow(),
      })
      if (result.valid) return { note: 'Signature: valid (checked against the environment’s client secret).', problem: null }
      const found = result.diagnosis.filter(d => d.reproduces)
      const mistake = found.length ? found.map(d => d.mistake).join(', ') : 'signature mismatch'
      return { note: `Signature: wrong (${mistake}). ${result.summary}`, problem: mistake }
    } catch (error) {
      return { note: `Signature: not checked (${(error as Error).message})`, problem: 'unreadable signature headers' }
    }
  }
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key)
  map.set(key, value)
  if (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value as string)
}
