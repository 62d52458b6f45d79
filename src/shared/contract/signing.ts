import { z } from 'zod'
import { event, invoke, lazySchema } from './define'

// The `signing:*` channels and events: the HMAC signer with its inspector model (docs/api.md#hmac-signature), the signature explainer,
// and the clock-skew estimate with the choice of signing with the server's time.

export type CanonicalPartName = 'client_id' | 'method' | 'path' | 'body' | 'timestamp'

/** One of the five pieces of the canonical string, with where it sits and how it was derived from its source. */
export interface CanonicalPart {
  name: CanonicalPartName
  /** The value as given (e.g. the full URL with its query). */
  source: string
  /** The value as it appears in the canonical string. */
  value: string
  /** One sentence: the rule of docs/api.md#hmac-signature that turned `source` into `value` (e.g. "query string dropped; path lowercased"). */
  rule: string
  /** Offset and length in UTF-8 bytes of the canonical string. */
  offset: number
  length: number
  /** Offset and length in UTF-16 code units (JavaScript string indices), for highlighting text. */
  charOffset: number
  charLength: number
}

/** One part of the canonical string, with everything the signature inspector draws. */
export interface InspectedPart extends CanonicalPart {
  /** Lower-case hex of the part's UTF-8 bytes (cut at `hexLimitBytes`; see `hexTruncated`). */
  hex: string
  hexTruncated: boolean
  /** The value with invisible and non-ASCII characters escaped (\n, \t, \u{a0}…), so stray whitespace shows. */
  escaped: string
}

/** A signature computed by the console, laid out for the inspector. */
export interface InspectedSignature {
  canonical: string
  /** Lower-case hex of the canonical string's UTF-8 bytes (cut at `hexLimitBytes`). */
  canonicalHex: string
  canonicalHexTruncated: boolean
  canonicalEscaped: string
  /** Total UTF-8 bytes of the canonical string. */
  byteLength: number
  hexLimitBytes: number
  parts: InspectedPart[]
  algorithm: 'HMAC-SHA256'
  encoding: 'hex'
  /**
   * The signature (lower-case hex). Shown by design: it is computed on request, lives 10 s and is used once. The
   * network log redacts x-signature on captured traffic; the inspector shows the signatures it computes.
   */
  signature: string
  headers: { 'x-access-key': string; 'x-timestamp': string; 'x-signature': string }
  timestamp: number
  /** Where the timestamp came from: given by the caller, or the local / server-estimated clock. */
  timeSource: 'given' | 'local' | 'server'
  /** Fingerprint (8 hex) of the secret used as key; never the secret. */
  secretFingerprint: string
  /** The environment whose credentials were used, when they came from one. */
  environmentId: string | null
  /**
   * True when the canonical string contained a known secret (e.g. a body carrying a token): text views show it
   * redacted and the hex views are empty, so the inspector cannot leak it.
   */
  secretRedacted: boolean
}

/** One plausible mistake tried by the explainer. */
export interface SignatureDiagnosis {
  id: string
  mistake: string
  explanation: string
  reproduces: boolean
  /** False when the mistake cannot apply to this request (e.g. "query included" without a query). */
  applicable: boolean
  combination?: string[]
  signedCanonical?: string
}

interface SignatureFreshnessInfo {
  timestamp: number
  serverNow: number
  ageSeconds: number
  lifetimeSeconds: number
  state: 'fresh' | 'stale' | 'future'
  message: string
}

export interface SignatureExplanation {
  valid: boolean
  signatureMatches: boolean
  /** The signature as given. */
  given: string
  expected: InspectedSignature
  diagnosis: SignatureDiagnosis[]
  stale?: SignatureFreshnessInfo
  summary: string
}

export type SkewLevel = 'ok' | 'warn' | 'danger'

/** The estimated offset of the server's clock (server − local); also the payload of the `signing:skew` event. */
export interface SkewEstimate {
  offsetMs: number
  uncertaintyMs: number
  samples: number
  level: SkewLevel
  updatedAt: string
  source?: string
}

export type SigningTimeSource = 'local' | 'server'

export interface SkewStatus {
  estimate: SkewEstimate | null
  timeSource: SigningTimeSource
  /** The thresholds behind `level` and the lifetime they protect. */
  warnMs: number
  dangerMs: number
  lifetimeMs: number
}

export interface SigningNow {
  /** Unix seconds the next signature will carry. */
  timestamp: number
  timeSource: SigningTimeSource
  /** True when the server's estimated time is used (setting 'server' and an estimate exists). */
  usedServerTime: boolean
  localTimestamp: number
  estimate: SkewEstimate | null
}

const MAX_BODY = 10 * 1024 * 1024
const method = lazySchema(() =>
  z
    .string()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z]+$/, 'an HTTP method is letters only'),
)
const path = lazySchema(() => z.string().min(1).max(8192))
const body = lazySchema(() => z.string().max(MAX_BODY).nullable().optional())

export const signingChannels = {
  /** Signs a request with the given credentials or the active environment's; the timestamp defaults to now. */
  'signing:sign': invoke(() =>
    z
      .object({
        method,
        path,
        body,
        clientId: z.string().min(1).max(512).optional(),
        clientSecret: z.string().min(1).max(4096).optional(),
        /** Unix seconds; absent = the signing clock (local or server, per signing:setTimeSource). */
        timestamp: z.number().int().nonnegative().optional(),
        /** Take credentials from this environment instead of the active one. */
        environmentId: z.string().min(1).max(200).optional(),
      })
      .strict(),
  ).returns<InspectedSignature>(),
  /** Checks a captured signature and names the mistake that reproduces it. */
  'signing:explain': invoke(() =>
    z
      .object({
        method,
        path,
        body,
        headers: z
          .object({
            'x-access-key': z.string().min(1).max(512),
            'x-timestamp': z.string().min(1).max(32),
            'x-signature': z.string().min(1).max(512),
          })
          .strict(),
        clientSecret: z.string().min(1).max(4096).optional(),
        clientId: z.string().min(1).max(512).optional(),
        /** Server time in Unix ms to check the lifetime against; absent = the estimated server time. */
        serverNow: z.number().nonnegative().optional(),
        /** false = do not check the 10 s lifetime (e.g. for a request captured long ago). Default true. */
        checkFreshness: z.boolean().optional(),
        environmentId: z.string().min(1).max(200).optional(),
      })
      .strict(),
  ).returns<SignatureExplanation>(),
  'signing:skew': invoke(() => z.object({}).strict()).returns<SkewStatus>(),
  /**
   * Reads the environment's clock now, when the user asks (sandbox: its exact clock; others: the Date headers of GET
   * `path`, a path the user chose; a production environment only with `confirmProduction`, its name typed).
   */
  'signing:probe': invoke(() =>
    z
      .object({
        environmentId: z.string().min(1).max(200).optional(),
        path: z.string().max(2000).optional(),
        confirmProduction: z.string().max(200).optional(),
      })
      .strict(),
  ).returns<SkewStatus>(),
  /** "Sign with the server's time": chooses the clock signatures use; persisted in the data folder. */
  'signing:setTimeSource': invoke(() => z.object({ source: z.enum(['local', 'server']) }).strict()).returns<SkewStatus>(),
  'signing:now': invoke(() => z.object({}).strict()).returns<SigningNow>(),
}

export const signingEvents = {
  /** The skew estimate changed meaningfully (first estimate, level change, or a move of ≥ 250 ms). */
  /** A new estimate, or null when it was reset (the active environment, hence the server, changed). */
  'signing:skew': event<SkewEstimate | null>(),
}
