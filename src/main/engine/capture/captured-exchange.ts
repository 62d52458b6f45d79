/**
 * What the capture hands to its observers (the doctor) for each exchange of the partner's integration, at the moment
 * it is recorded. This is the one place where captured traffic exists unredacted: observers are handed it
 * synchronously, keep only verdicts, facts and the log entry's id as evidence, and never store headers or bodies (the
 * doctor judges in runs: a small exchange waits in its memory for milliseconds, never longer, before it is judged). Everything that
 * leaves the engine (the network log, HAR, bundles, reports) comes from the redacted log entry instead.
 */
import type { QuotaKey } from '../quota/quota-key'
import type { SignatureCheck } from '../signing/signature-check'

/** Which of the environment's two hosts the exchange went to (the spec puts `/api/v1/...` paths on both). */
export type CapturedHost = 'auth' | 'base'

/** The partner's client as the capture saw it. */
interface CapturedClient {
  peerAddress: string
  peerPort: number
  userAgent: string | null
}

/** A body as it crossed the capture, up to the capture's cap. */
export interface CapturedBytes {
  bytes: Buffer
  /** The whole body's size in bytes, also when `bytes` was cut at the cap. */
  size: number
  truncated: boolean
}

export interface CapturedRequest {
  method: string
  /** The absolute URL the request was forwarded to (the environment's real host). */
  url: string
  /** The path as the client sent it, without the query string, case kept. */
  path: string
  /** The raw query string without `?` ('' when none). */
  query: string
  /** Header pairs exactly as received (names as sent, repeated names kept, in order). */
  headers: Array<[string, string]>
  body: CapturedBytes
}

export interface CapturedResponse {
  status: number
  headers: Array<[string, string]>
  body: CapturedBytes
}

/** A fault the capture played instead of (or on top of) the upstream answer, named so the log and the doctor say so. */
export interface CapturedDrill {
  name: string
  detail: string
}

export interface CapturedExchange {
  /** The network-log entry's id: the evidence link. */
  logId: string
  /** Arrival order within the capture session, from 1. */
  seq: number
  envId: string
  host: CapturedHost
  client: CapturedClient
  /** Epoch ms when the request head arrived / when the response head was sent to the client. */
  startedAt: number
  respondedAt: number | null
  request: CapturedRequest
  /** Absent when no response reached the client (upstream down: then `error` says which hop failed). */
  response: CapturedResponse | null
  error: { hop: 'client' | 'upstream' | 'proxy' | 'tls'; message: string } | null
  drill: CapturedDrill | null
  /**
   * The capture's own HMAC check of a signed request (exchange-verdicts.ts), with the inputs it was made over: the
   * doctor reuses its result when it would check the same inputs with the same key. Null when the capture made
   * none; absent on exchanges that did not come through the capture's recorder.
   */
  signatureCheck?: SignatureCheck | null
  /**
   * The rate-limit key the capture counted the exchange under (its quota tracker's), so the doctor uses it instead of
   * deriving it again when its own client, method and path would give the same key. Null when the capture counted
   * none; absent on exchanges that did not come through the capture's recorder.
   */
  quotaKey?: QuotaKey | null
}

/** What a drill (or any interceptor) may do with the next request before it is forwarded. */
export type InterceptDecision =
  | { kind: 'forward' }
  /** Answer the client directly; nothing is sent upstream. */
  | { kind: 'respond'; drill: CapturedDrill; status: number; headers: Array<[string, string]>; body: string }
  /** Forward, then change the answer on its way back (delay it, rewrite its `Date`, …). */
  | {
      kind: 'alter'
      drill: CapturedDrill
      delayMs?: number
      rewriteHeaders?: (headers: Array<[string, string]>) => Array<[string, string]>
    }
  /** Run something first (move the sandbox's clock), then forward. */
  | { kind: 'before'; drill: CapturedDrill; run: () => Promise<void> }

/** Sees the request head before it is forwarded; the doctor's drills are one. */
export interface CaptureInterceptor {
  decide(request: Omit<CapturedRequest, 'body'>, host: CapturedHost): InterceptDecision
}

/** Observes every recorded exchange, synchronously, in arrival order. */
export type CaptureObserver = (exchange: CapturedExchange) => void
