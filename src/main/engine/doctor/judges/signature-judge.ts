import { checkSignature, keyIdOf, reusedResult } from '../../signing/signature-check'
import { explainSignature } from '../../signing/signature-explainer'
import { MILLISECONDS_THRESHOLD } from '../../signing/signer'
import type { ExchangeFacts } from '../exchange-facts'
import type { DoctorSettings, Judge, JudgeScope, Tallies } from '../judge'
import { trimmed } from '../plain-text'
import { quoteValue } from '../quote-value'
import type { RuleId } from '../rule-catalogue'

/** Unix time as digits (whole seconds or milliseconds: which is judged next). */
const WHOLE_NUMBER = /^\d{1,16}$/

/** Mismatches explained in full per capture; past it the verdict stays, without the (costly) search for the cause. */
const EXPLAINED_MISMATCHES = 20

/**
 * Signing rules of 5.2 judged on every request that carries x-signature: the access key is the client id, the
 * timestamp is whole seconds, and the signature recomputed with the environment's secret (the engine's signer)
 * matches. A mismatch is explained by the engine's signature explainer, and blamed on the rule whose decision the
 * reproducing mistake changed: the body (signing.body), milliseconds (signing.timestamp-seconds), anything else
 * (signing.signature). The capture's own HMAC check of the request is reused when it was made with the same key
 * over the same inputs (signing/signature-check.ts): one HMAC per signed request, not two.
 */
export class SignatureJudge implements Judge {
  readonly scope: JudgeScope = { signedOnly: true }
  private explained = 0
  private readonly key: { keyId: string; clientSecret: string }

  constructor(private readonly settings: DoctorSettings) {
    this.key = { keyId: keyIdOf(settings.clientSecret), clientSecret: settings.clientSecret }
  }

  observe(f: ExchangeFacts, t: Tallies): void {
    const signature = f.header('x-signature')
    if (signature === undefined) return
    const accessKey = f.header('x-access-key') ?? ''
    const tsText = trimmed(f.header('x-timestamp') ?? '')
    const id = f.logId

    if (accessKey === this.settings.clientId) t['signing.access-key'].pass(id)
    else {
      t['signing.access-key'].fail(
        id,
        accessKey === ''
          ? 'A signed request has no x-access-key. Send the client_id in x-access-key on every signed request.'
          : accessKey === this.settings.clientSecret
            ? 'x-access-key carries the client secret itself: rotate the secret, and send the public client_id in x-access-key.'
            : `x-access-key is not the environment's client_id (it has ${accessKey.length} characters). Send the public client_id there, never the secret or another id.`,
      )
      return
    }
    if (!WHOLE_NUMBER.test(tsText)) {
      t['signing.timestamp-seconds'].fail(
        id,
        `x-timestamp ${quoteValue(tsText)} is not Unix time in whole seconds. Send Math.floor(Date.now() / 1000) (Python: int(time.time())).`,
      )
      return
    }
    const ts = Number(tsText)
    if (ts >= MILLISECONDS_THRESHOLD) {
      t['signing.timestamp-seconds'].fail(
        id,
        `x-timestamp ${tsText} is in milliseconds. Send and sign whole seconds: Math.floor(Date.now() / 1000) (Python: int(time.time())).`,
      )
    } else t['signing.timestamp-seconds'].pass(id)
    if (f.x.request.body.truncated) return

    const handed = this.handedOver(f, accessKey, ts, signature)
    const path = handed === true ? '' : targetOf(f)
    if (handed ?? this.check(f, accessKey, path, ts, signature)) {
      t['signing.signature'].pass(id)
      t['signing.body'].pass(id)
      return
    }
    this.blameMismatch(f, path, signature, t)
  }

  /**
   * The capture's check when it was made with this key over exactly this request (reusedResult's conditions, the
   * target compared in its parts instead of joined into a new string on every request), else null.
   */
  private handedOver(f: ExchangeFacts, accessKey: string, ts: number, signature: string): boolean | null {
    const check = f.x.signatureCheck
    if (!check || check.keyId !== this.key.keyId || check.timestamp !== ts || check.signature !== signature) return null
    const { method, path, query } = f.x.request
    const target = check.target
    const sameTarget =
      query === ''
        ? target === path
        : target.length === path.length + 1 + query.length &&
          target.charCodeAt(path.length) === 63 &&
          target.startsWith(path) &&
          target.endsWith(query)
    if (!sameTarget || check.accessKey !== accessKey || check.method !== method || check.body !== f.bodyText) return null
    return check.matches
  }

  private check(f: ExchangeFacts, accessKey: string, target: string, timestamp: number, signature: string): boolean {
    const input = { accessKey, method: f.x.request.method, target, body: f.bodyText, timestamp, signature }
    return reusedResult(f.x.signatureCheck, this.key.keyId, input) ?? checkSignature(this.key, input).matches
  }

  private blameMismatch(f: ExchangeFacts, path: string, signature: string, t: Tallies): void {
    const id = f.logId
    if (this.explained >= EXPLAINED_MISMATCHES) {
      t['signing.signature'].fail(
        id,
        'The signature does not match the request (not explained: the first mismatches of this capture were). Sign client_id + METHOD + lowercased path without query + body + timestamp.',
      )
      return
    }
    this.explained++
    const result = explainSignature({
      method: f.x.request.method,
      path,
      body: f.bodyText,
      headers: {
        'x-access-key': f.header('x-access-key') ?? '',
        'x-timestamp': f.header('x-timestamp') ?? '',
        'x-signature': signature,
      },
      clientSecret: this.settings.clientSecret,
    })
    const found = result.diagnosis.find(d => d.reproduces)
    if (!found) {
      t['signing.signature'].fail(
        id,
        'The signature does not match the request, and no plausible mistake (alone or in pairs) reproduces it: most likely another secret was used, or the request changed after signing. Sign client_id + METHOD + lowercased path without query + body + timestamp with the environment’s secret.',
      )
      return
    }
    const ids = found.combination ?? [found.id]
    const rules = new Set<RuleId>(ids.map(ruleOfMistake))
    for (const rule of rules) t[rule].fail(id, `Signature mismatch reproduced by: ${found.mistake}. ${found.explanation}`)
    if (!rules.has('signing.body')) t['signing.body'].pass(id)
  }
}

/** The path with its query (`?…`) as the client sent it: what the client signed, when it signed the query too. */
function targetOf(f: ExchangeFacts): string {
  return f.x.request.query === '' ? f.x.request.path : `${f.x.request.path}?${f.x.request.query}`
}

function ruleOfMistake(mistakeId: string): RuleId {
  if (mistakeId.startsWith('body-')) return 'signing.body'
  if (mistakeId === 'timestamp-milliseconds') return 'signing.timestamp-seconds'
  return 'signing.signature'
}
