import { z } from 'zod'
import { event, invoke, lazySchema } from './define'
import { CATCH_MODES, type CatchMode } from './environments'

/** The steps of one authorization attempt, in the order a stepper draws them. */
const FLOW_STEPS = [
  'idle',
  'authorize-url-built',
  'waiting-for-callback',
  'callback-received',
  'exchanging',
  'done',
  'denied',
  'failed',
] as const
export type OAuthFlowStep = (typeof FLOW_STEPS)[number]

/** Who opens the authorize URL: the page (web host: window.open) or the engine (Electron: browser or embedded window). */
type AuthorizeOpener = 'renderer' | 'engine'

export interface AuthorizeParam {
  name: string
  value: string
  /** Why it is there (spec section or RFC). */
  note: string
}

/** One side-by-side cell run of a character comparison between two redirect URIs. */
export interface DiffSegment {
  kind: 'same' | 'sent-only' | 'registered-only'
  text: string
}

export interface RedirectDifference {
  kind:
    | 'scheme'
    | 'host'
    | 'host-case'
    | 'port'
    | 'default-port'
    | 'path'
    | 'path-case'
    | 'trailing-slash'
    | 'encoding'
    | 'query'
    | 'fragment'
    | 'whitespace'
    | 'loopback-alias'
    | 'unparseable'
  message: string
}

/** Sent versus registered redirect URI, character by character, with the likely causes named. */
export interface RedirectDiagnosis {
  sent: string
  registered: string
  equal: boolean
  /** Index in `sent` of the first character that differs; null when equal. */
  firstDifferenceAt: number | null
  segments: DiffSegment[]
  differences: RedirectDifference[]
  /** One sentence for the top of the panel. */
  summary: string
}

export interface FlowFailure {
  /** e.g. state_mismatch, state_missing, access_denied, timeout, cancelled, superseded, window_closed, redirect_mismatch, code_replayed, invalid_client, token_error, network. */
  code: string
  message: string
  hint?: string
  /** The server's own words (OAuth `error` / `error_description`), when it said something. */
  serverError?: { error: string; description?: string }
  diagnosis?: RedirectDiagnosis
}

export interface OAuthFlowState {
  flowId: string | null
  envId: string | null
  step: OAuthFlowStep
  mode: CatchMode | null
  /** The authorize request exactly as sent (or about to be). */
  authorizeUrl: string | null
  params: AuthorizeParam[]
  opener: AuthorizeOpener | null
  startedAt: string | null
  /** Deadline of the wait for the callback (for a countdown); null when not waiting. */
  expiresAt: string | null
  /** Whether the `state` echoed on the callback was compared (false when only a code was pasted). */
  stateChecked: boolean | null
  /**
   * Callbacks the loopback catcher refused because their `state` did not match this attempt (a forged redirect, e.g.
   * an `<img>` on a web page): each got a 400 page and the wait went on.
   */
  rejectedCallbacks?: number
  warnings: string[]
  codeFingerprint: string | null
  failure: FlowFailure | null
  at: string
}

export interface AuthorizePreview {
  flowId: string
  envId: string
  authorizeUrl: string
  params: AuthorizeParam[]
  redirectUri: string
  mode: CatchMode
  pkce: boolean
}

export interface OAuthStartResult extends AuthorizePreview {
  /**
   * Presenter mode only: the real authorize URL for the page to navigate its popup to (`authorizeUrl` is masked for
   * display). Never shown.
   */
  popupUrl?: string
  expiresAt: string
  opener: AuthorizeOpener
  /** Loopback mode: where the catcher listens. */
  listeningOn: string | null
}

/** The states of docs/api.md#token-lifecycle, in drawing order. */
export const LIFECYCLE_STATES = ['no-authorization', 'code-issued', 'access-token-valid', 'access-token-expired', 'denied'] as const
export type LifecycleState = (typeof LIFECYCLE_STATES)[number]

export interface OAuthLifecycle {
  envId: string
  state: LifecycleState
  states: readonly LifecycleState[]
  /** What caused the last transition: 'allow', 'deny', 'token-exchange', 'lifetime-elapsed', 'sandbox-expired', 'sandbox-revoked', 'refresh', 'refresh-failed', '401'. */
  trigger: string
  previous: LifecycleState | null
  expiresAt: string | null
  at: string
}

export interface MaskedToken {
  masked: string
  fingerprint: string
}

export interface TokenView {
  envId: string
  present: boolean
  accessToken: MaskedToken | null
  refreshToken: MaskedToken | null
  tokenType: string | null
  permissions: string[]
  obtainedAt: string | null
  refreshedAt: string | null
  expiresAt: string | null
  /** Seconds of life the current access token was given. */
  lifetimeSeconds: number | null
  /** Where the expiry comes from: the `expiration` field (docs/api.md#token-response), `expires_in` (RFC 6749, when `expiration` is absent), the last known lifetime (after a refresh, docs/api.md#refresh-response), or the spec's 24 h. */
  expirySource: 'expiration' | 'expires_in' | 'last-known-lifetime' | 'spec-default' | null
  expired: boolean
  /** False when the tokens live only in memory (built-in sandbox, or unprotected storage not accepted). */
  persisted: boolean
  persistNote: string | null
  lifecycle: LifecycleState
}

export interface OAuthStatus {
  flow: OAuthFlowState
  lifecycle: OAuthLifecycle
  tokens: TokenView
}

const envId = lazySchema(() => z.string().min(1).max(100).optional())
const flowId = lazySchema(() => z.string().min(1).max(100).optional())
const mode = lazySchema(() => z.enum(CATCH_MODES).optional())

export const oauthChannels = {
  'oauth:buildAuthorizeUrl': invoke(() => z.object({ envId, mode, pkce: z.boolean().optional() }).strict()).returns<AuthorizePreview>(),
  'oauth:start': invoke(() =>
    z
      .object({
        envId,
        mode,
        /** Start the flow previewed by oauth:buildAuthorizeUrl (same URL, same state). */
        flowId,
        pkce: z.boolean().optional(),
        timeoutSeconds: z.number().int().min(1).max(3600).optional(),
        acceptUnprotectedStorage: z.boolean().optional(),
      })
      .strict(),
  ).returns<OAuthStartResult>(),
  'oauth:cancel': invoke(() => z.object({ flowId }).strict()).returns<{ cancelled: boolean }>(),
  'oauth:pasteRedirect': invoke(() => z.object({ input: z.string().min(1).max(8000), flowId }).strict()).returns<TokenView>(),
  'oauth:status': invoke(() => z.object({ envId }).strict()).returns<OAuthStatus>(),
  'oauth:tokens': invoke(() => z.object({ envId }).strict()).returns<TokenView>(),
  'oauth:refresh': invoke(() => z.object({ envId }).strict()).returns<TokenView>(),
  'oauth:revealToken': invoke(() => z.object({ envId, kind: z.enum(['access', 'refresh']) }).strict()).returns<{
    envId: string
    kind: 'access' | 'refresh'
    value: string
  }>(),
  'oauth:forget': invoke(() => z.object({ envId }).strict()).returns<TokenView>(),
  'oauth:diagnoseRedirect': invoke(() =>
    z.object({ registered: z.string().min(1).max(2000), sent: z.string().min(1).max(2000).optional(), envId }).strict(),
  ).returns<RedirectDiagnosis>(),
}

export const oauthEvents = {
  'oauth:flow': event<OAuthFlowState>(),
  'oauth:lifecycle': event<OAuthLifecycle>(),
  'oauth:tokensChanged': event<TokenView>(),
}
