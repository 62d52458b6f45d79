import { randomBytes } from 'node:crypto'
import type { AuthorizePreview, CatchMode, FlowFailure, OAuthFlowState, OAuthFlowStep, OAuthStartResult } from '../../../shared/contract'
import { type EnvironmentRecord, effectivePaths, hostBase } from '../environments/environment-record'
import { buildAuthorizeUrl, newPkcePair, newState } from './authorize-url'

/** One authorization attempt: what was sent (state, PKCE verifier, URL) and where it stands. */
export interface FlowAttempt {
  id: string
  envId: string
  mode: CatchMode
  state: string
  pkceVerifier: string | null
  authorizeUrl: string
  params: OAuthFlowState['params']
  redirectUri: string
  requireStateEcho: boolean
  step: OAuthFlowStep
  startedAt: number
  expiresAt: number | null
  opener: OAuthStartResult['opener'] | null
  stateChecked: boolean | null
  /** Loopback callbacks refused as not this attempt's own (wrong state). */
  rejectedCallbacks: number
  warnings: string[]
  codeFingerprint: string | null
  failure: FlowFailure | null
  /** An answer (code or error) was accepted: later ones are refused. */
  answered: boolean
  /** Closes what the attempt opened (listener, window, timer). */
  stops: Array<() => Promise<void> | void>
}

/** A new attempt for an environment: a fresh random state always, and a PKCE pair when asked. */
export function newAttempt(record: EnvironmentRecord, mode: CatchMode, pkce: boolean, now: number): FlowAttempt {
  const state = newState()
  const pair = pkce ? newPkcePair() : null
  const built = buildAuthorizeUrl({
    authUrl: hostBase(record.authUrl),
    path: effectivePaths(record).authorize,
    clientId: record.clientId,
    redirectUri: record.redirectUri,
    state,
    codeChallenge: pair?.challenge,
    extra: record.authorizeParams,
  })
  return {
    id: `flow_${randomBytes(6).toString('hex')}`,
    envId: record.id,
    mode,
    state,
    pkceVerifier: pair?.verifier ?? null,
    authorizeUrl: built.url,
    params: built.params,
    redirectUri: record.redirectUri,
    requireStateEcho: record.requireStateEcho,
    step: 'authorize-url-built',
    startedAt: now,
    expiresAt: null,
    opener: null,
    stateChecked: null,
    rejectedCallbacks: 0,
    warnings: [],
    codeFingerprint: null,
    failure: null,
    answered: false,
    stops: [],
  }
}

/** The stepper's view of an attempt (the caller redacts it before it leaves the engine). */
export function attemptState(flow: FlowAttempt, now: number): OAuthFlowState {
  return {
    flowId: flow.id,
    envId: flow.envId,
    step: flow.step,
    mode: flow.mode,
    authorizeUrl: flow.authorizeUrl,
    params: flow.params,
    opener: flow.opener,
    startedAt: new Date(flow.startedAt).toISOString(),
    expiresAt: flow.expiresAt === null ? null : new Date(flow.expiresAt).toISOString(),
    stateChecked: flow.stateChecked,
    rejectedCallbacks: flow.rejectedCallbacks,
    warnings: [...flow.warnings],
    codeFingerprint: flow.codeFingerprint,
    failure: flow.failure,
    at: new Date(now).toISOString(),
  }
}

/** What the UI shows before anything is opened. */
export function attemptPreview(flow: FlowAttempt): AuthorizePreview {
  return {
    flowId: flow.id,
    envId: flow.envId,
    authorizeUrl: flow.authorizeUrl,
    params: flow.params,
    redirectUri: flow.redirectUri,
    mode: flow.mode,
    pkce: flow.pkceVerifier !== null,
  }
}

/** The stepper's state when no attempt exists (for this environment). */
export function idleState(envId: string | null, now: number): OAuthFlowState {
  return {
    flowId: null,
    envId,
    step: 'idle',
    mode: null,
    authorizeUrl: null,
    params: [],
    opener: null,
    startedAt: null,
    expiresAt: null,
    stateChecked: null,
    warnings: [],
    codeFingerprint: null,
    failure: null,
    at: new Date(now).toISOString(),
  }
}
