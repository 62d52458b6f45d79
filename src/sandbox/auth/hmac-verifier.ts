import { createHmac, timingSafeEqual } from 'node:crypto'
import type { SignatureReplayCache } from './signature-replay-cache'

/** Which check of docs/api.md#hmac-signature a signed request failed; the message and `details[0].check` carry it. */
type SignatureCheck =
  | 'missing_header'
  | 'unknown_access_key'
  | 'malformed_timestamp'
  | 'stale'
  | 'future'
  | 'malformed_signature'
  | 'mismatch'
  | 'reused'

export interface SignedRequest {
  accessKey?: string
  timestamp?: string
  signature?: string
  method: string
  /** Path exactly as received, before the query string. */
  rawPath: string
  body: string
}

interface VerifyPolicy {
  nowMs: number
  maxAgeSeconds: number
  futureToleranceSeconds: number
  secretFor(clientId: string): string | undefined
  replay: SignatureReplayCache
}

type VerifyResult =
  | { ok: true; clientId: string }
  | { ok: false; check: SignatureCheck; message: string; clientId?: string; canonical?: string; serverTime: number }

/**
 * Builds the docs/api.md#hmac-signature canonical string: client_id + METHOD + lower-case path without query + body +
 * timestamp, no separators. The path is the raw path as received (no decoding, no dot-segment
 * removal), so what is signed is exactly what was sent.
 */
export function canonicalString(clientId: string, method: string, rawPath: string, body: string, timestamp: string): string {
  return clientId + method.toUpperCase() + rawPath.toLowerCase() + body + timestamp
}

/** Hex HMAC-SHA256 of the canonical string keyed with the client secret. */
function computeSignature(secret: string, canonical: string): string {
  return createHmac('sha256', secret).update(canonical, 'utf8').digest('hex')
}

/**
 * Verifies a signed request in a fixed order (headers, access key, timestamp freshness, signature,
 * reuse) and says which check failed. The signature is compared in constant time and only
 * remembered for replay detection once it proved valid, so junk cannot poison the cache.
 */
export function verifySignedRequest(req: SignedRequest, policy: VerifyPolicy): VerifyResult {
  const serverTime = Math.floor(policy.nowMs / 1000)
  const fail = (check: SignatureCheck, message: string, extra: { clientId?: string; canonical?: string } = {}) =>
    ({ ok: false, check, message, serverTime, ...extra }) as const
  const headers: Array<[string, string | undefined]> = [
    ['x-access-key', req.accessKey],
    ['x-timestamp', req.timestamp],
    ['x-signature', req.signature],
  ]
  const missing = headers.filter(([, value]) => value === undefined || value === '').map(([name]) => name)
  if (missing.length > 0) return fail('missing_header', `missing header ${missing.join(', ')}`)
  const clientId = req.accessKey as string
  const secret = policy.secretFor(clientId)
  if (secret === undefined) return fail('unknown_access_key', `unknown access key ${JSON.stringify(clientId)}`)

  const tsText = req.timestamp as string
  if (!/^\d{1,12}$/.test(tsText)) {
    return fail('malformed_timestamp', 'x-timestamp must be Unix time in whole seconds', { clientId })
  }
  const tsMs = Number(tsText) * 1000
  const ageMs = policy.nowMs - tsMs
  if (ageMs > policy.maxAgeSeconds * 1000) {
    return fail(
      'stale',
      `stale signature: x-timestamp is ${Math.floor(ageMs / 1000)} s old, the limit is ${policy.maxAgeSeconds} s (server time ${serverTime})`,
      { clientId },
    )
  }
  if (-ageMs > policy.futureToleranceSeconds * 1000) {
    return fail(
      'future',
      `x-timestamp is ${Math.ceil(-ageMs / 1000)} s in the future, the tolerance is ${policy.futureToleranceSeconds} s (server time ${serverTime})`,
      { clientId },
    )
  }

  const sent = req.signature as string
  const canonical = canonicalString(clientId, req.method, req.rawPath, req.body, tsText)
  if (!/^[0-9a-fA-F]{64}$/.test(sent)) {
    return fail('malformed_signature', 'x-signature must be 64 hex characters (HMAC-SHA256)', { clientId, canonical })
  }
  const expected = Buffer.from(computeSignature(secret, canonical), 'hex')
  if (!timingSafeEqual(expected, Buffer.from(sent, 'hex'))) {
    return fail('mismatch', 'signature mismatch: x-signature does not match the canonical request', {
      clientId,
      canonical,
    })
  }
  const replayKey = `${clientId}:${sent.toLowerCase()}`
  if (policy.replay.has(replayKey, policy.nowMs)) {
    return fail('reused', 'reused signature: this x-signature was already accepted; sign every request afresh', {
      clientId,
    })
  }
  policy.replay.remember(replayKey, tsMs + policy.maxAgeSeconds * 1000 + 1, policy.nowMs)
  return { ok: true, clientId }
}
