import { createHmac } from 'node:crypto'
import type { CanonicalPart, CanonicalPartName } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import { splitRequestTarget } from './request-path'

/** One request to sign (docs/api.md#hmac-signature). */
export interface SignInput {
  clientId: string
  clientSecret: string
  method: string
  /** May include `?query`; may be a full URL (scheme and host are dropped). */
  path: string
  /** The body exactly as sent; absent or null means no body (signed as the empty string, never "null"). */
  body?: string | null
  /** Unix seconds: the value sent in x-timestamp. */
  timestamp: number
}

export type { CanonicalPart, CanonicalPartName }

export interface SignedRequest {
  canonical: string
  parts: CanonicalPart[]
  /** Lower-case hex HMAC-SHA256 of `canonical`, keyed with the client secret. */
  signature: string
  headers: { 'x-access-key': string; 'x-timestamp': string; 'x-signature': string }
}

/** A timestamp past this many seconds is almost surely milliseconds (year 5138 in seconds). */
export const MILLISECONDS_THRESHOLD = 1e11

/**
 * Builds the docs/api.md#hmac-signature canonical string and explains each part: client_id + METHOD (uppercased) + path (lowercased, no host,
 * no query) + body exactly as sent ('' when none) + timestamp (whole seconds). Pure and deterministic: the same input
 * always gives the same string, which is what makes signatures reproducible in the inspector and the explainer.
 */
export function canonicalParts(input: Omit<SignInput, 'clientSecret'>): { canonical: string; parts: CanonicalPart[] } {
  requireClientId(input.clientId)
  const method = input.method.toUpperCase()
  const target = splitRequestTarget(input.path)
  const path = target.path.toLowerCase()
  const body = input.body ?? ''
  const timestamp = timestampText(input.timestamp)
  const canonical = joinCanonical(input.clientId, method, path, body, timestamp)

  // Top-level helpers, no per-call closure: this runs on every request and retry (and a nested named closure costs
  // a defineProperty per call under esbuild keepNames, as in tsx).
  const parts: CanonicalPart[] = [
    part('client_id', input.clientId, input.clientId, 'client_id as given, the same value as x-access-key', 0, 0),
  ]
  addPart(parts, 'method', input.method, method, method === input.method ? 'method already uppercase' : 'method uppercased')
  addPart(parts, 'path', input.path, path, pathRule(target, path))
  addPart(parts, 'body', input.body ?? '', body, bodyRule(input.body))
  addPart(parts, 'timestamp', String(input.timestamp), timestamp, timestampRule(input.timestamp))
  return { canonical, parts }
}

/**
 * The signature alone: the same canonical string and HMAC as signRequest, without building the explained parts. For
 * a caller that only checks signatures, one per captured request (the doctor): equal to signRequest(input).signature.
 */
export function signatureOf(input: SignInput): string {
  requireSecret(input.clientSecret)
  requireClientId(input.clientId)
  const path = splitRequestTarget(input.path).path.toLowerCase()
  const canonical = joinCanonical(input.clientId, input.method.toUpperCase(), path, input.body ?? '', timestampText(input.timestamp))
  return hmacHex(input.clientSecret, canonical)
}

/** The one place the five parts are put together (no separator, in the spec's order). */
function joinCanonical(clientId: string, method: string, path: string, body: string, timestamp: string): string {
  return clientId + method + path + body + timestamp
}

/**
 * Signs one request: the canonical parts, the hex HMAC-SHA256 keyed with the client secret, and the three headers to
 * send. Call it at the moment of sending and again for every retry: a signature lives 10 seconds and is used once.
 */
export function signRequest(input: SignInput): SignedRequest {
  requireSecret(input.clientSecret)
  const { canonical, parts } = canonicalParts(input)
  const signature = hmacHex(input.clientSecret, canonical)
  return {
    canonical,
    parts,
    signature,
    headers: { 'x-access-key': input.clientId, 'x-timestamp': parts[4]!.value, 'x-signature': signature },
  }
}

function requireSecret(clientSecret: string): void {
  if (clientSecret === '') {
    throw new ConsoleError('invalid_request', 'Cannot sign without a client secret: it is the HMAC key.', {
      hint: 'Set the environment’s client secret, or pass PARTNER_CLIENT_SECRET.',
    })
  }
}

function requireClientId(clientId: string): void {
  if (clientId === '') {
    throw new ConsoleError('invalid_request', 'Cannot sign without a client_id: it is the first part of the signed string.', {
      hint: 'Choose an environment with a client id, or pass --client-id.',
    })
  }
}

function part(name: CanonicalPartName, source: string, value: string, rule: string, offset: number, charOffset: number): CanonicalPart {
  return { name, source, value, rule, offset, length: utf8Length(value), charOffset, charLength: value.length }
}

function addPart(parts: CanonicalPart[], name: CanonicalPartName, source: string, value: string, rule: string): void {
  const prev = parts[parts.length - 1]!
  parts.push(part(name, source, value, rule, prev.offset + prev.length, prev.charOffset + prev.charLength))
}

/** Hex HMAC-SHA256 of a UTF-8 string: the one place the signer touches crypto. */
export function hmacHex(key: string, text: string): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('hex')
}

/** UTF-8 byte length without encoding: ASCII strings (the usual case) are measured by their length. */
function utf8Length(s: string): number {
  // Short strings: scanning is cheaper than a native call; long ones go to Buffer.byteLength.
  if (s.length > 64) return Buffer.byteLength(s, 'utf8')
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return Buffer.byteLength(s, 'utf8')
  return s.length
}

function timestampText(timestamp: number): string {
  if (!Number.isFinite(timestamp) || timestamp < 0) {
    throw new ConsoleError('invalid_request', `The timestamp ${timestamp} is not a Unix time.`, {
      hint: 'Use whole seconds since 1970-01-01 UTC, e.g. Math.floor(Date.now() / 1000).',
    })
  }
  return String(Math.floor(timestamp))
}

function pathRule(target: ReturnType<typeof splitRequestTarget>, lowered: string): string {
  const steps: string[] = []
  if (target.hostDropped) steps.push('scheme and host dropped')
  if (target.query !== null) steps.push('query string dropped')
  if (target.fragmentDropped) steps.push('fragment dropped')
  if (target.normalised) steps.push('percent-encoded and dot segments resolved, as an HTTP client sends it')
  steps.push(lowered === target.path ? 'path already lowercase' : 'path lowercased')
  return steps.join('; ')
}

function bodyRule(body: string | null | undefined): string {
  if (body === undefined || body === null) return 'no body: empty string'
  if (body === '') return 'empty body: empty string'
  return 'body exactly as sent, byte for byte'
}

function timestampRule(timestamp: number): string {
  if (timestamp >= MILLISECONDS_THRESHOLD) {
    return 'timestamp used as given, but it looks like milliseconds: x-timestamp must be whole seconds'
  }
  if (!Number.isInteger(timestamp)) return 'fraction dropped: whole Unix seconds, the same value as x-timestamp'
  return 'whole Unix seconds, the same value as x-timestamp'
}
