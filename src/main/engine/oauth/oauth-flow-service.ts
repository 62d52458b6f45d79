import type {
  AuthorizePreview,
  CatchMode,
  FlowFailure,
  OAuthFlowState,
  OAuthFlowStep,
  OAuthStartResult,
  RedirectDiagnosis,
  TokenView,
} from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import type { EventBus } from '../core/event-bus'
import type { SecretRegistry } from '../core/secret-registry'
import { fingerprint } from '../core/secret-registry'
import type { EnvironmentRecord } from '../environments/environment-record'
import type { EnvironmentRepository } from '../environments/environment-repository'
import type { CallbackPageContent } from './callback-page'
import type { EmbeddedWindowOpener } from './embedded-window-port'
import { attemptPreview, attemptState, type FlowAttempt as Flow, idleState, newAttempt } from './flow-attempt'
import * as failures from './flow-failures'
import { startLoopbackCatcher } from './loopback-catcher'
import { parsePastedRedirect } from './pasted-redirect'
import { diagnoseRedirectMismatch } from './redirect-diagnosis'
import type { CallbackParams } from './redirect-match'
import type { TokenClient } from './token-client'
import type { TokenService } from './token-service'

interface OAuthFlowDeps {
  environments: EnvironmentRepository
  tokens: TokenService
  client: TokenClient
  secrets: SecretRegistry
  bus: EventBus
  /** Opens the system browser (Electron); absent in the web host, where the page opens the URL itself. */
  openExternal?: (url: string) => Promise<void>
  embedded?: EmbeddedWindowOpener
  now?: () => number
}

type AnswerSource = 'loopback' | 'embedded' | 'paste-url' | 'paste-code'

const TERMINAL: ReadonlySet<OAuthFlowStep> = new Set(['done', 'denied', 'failed', 'idle'])

/**
 * The authorization code flow (docs/api.md#authorize → docs/api.md#token-exchange), one attempt at a time: builds the authorize URL with a fresh state
 * (and PKCE when enabled), waits for the redirect in the environment's catch mode (loopback listener, embedded
 * window, or a pasted URL/code), checks state, handles denial and errors, exchanges the code and hands the tokens
 * to the TokenService. Starting a new attempt cancels the waiting one ("superseded"). Every step is announced as
 * `oauth:flow`, redacted.
 */
export class OAuthFlowService {
  private flow: Flow | null = null
  private readonly now: () => number

  constructor(private readonly deps: OAuthFlowDeps) {
    this.now = deps.now ?? Date.now
  }

  /** Builds the authorize URL of a new attempt without opening anything, so the UI can show each parameter first. */
  async preview(envId: string, mode?: CatchMode, pkce?: boolean): Promise<AuthorizePreview> {
    await this.stopCurrent(failures.superseded())
    const record = this.deps.environments.record(envId)
    const flow = this.newFlow(record, mode ?? record.catchMode, pkce ?? record.pkce)
    this.flow = flow
    this.emit()
    return attemptPreview(flow)
  }

  /** Starts waiting for the redirect (building a new attempt unless `flowId` names the previewed one). */
  async start(
    request: { envId: string; mode?: CatchMode; flowId?: string; pkce?: boolean; timeoutSeconds?: number },
    transport: 'electron' | 'web',
  ): Promise<OAuthStartResult> {
    let flow = this.flow
    if (!request.flowId || !flow || flow.id !== request.flowId || flow.step !== 'authorize-url-built') {
      if (request.flowId && (!flow || flow.id !== request.flowId)) {
        throw new ConsoleError('not_found', 'That authorization attempt is no longer current.', { hint: 'Build the authorize URL again.' })
      }
      await this.stopCurrent(failures.superseded())
      const record = this.deps.environments.record(request.envId)
      flow = this.newFlow(record, request.mode ?? record.catchMode, request.pkce ?? record.pkce)
      this.flow = flow
    }
    const record = this.deps.environments.record(flow.envId)
    this.deps.environments.secrets.clientSecret(record)
    if (flow.mode === 'embedded' && !this.deps.embedded) {
      this.finish(flow, 'failed', { code: 'unsupported', message: 'The embedded window exists only in the desktop app.' })
      throw new ConsoleError('unsupported', 'The embedded authorization window exists only in the desktop app.', {
        hint: 'In the web console use the loopback catcher (a http://127.0.0.1 redirect URI) or paste mode.',
      })
    }
    const timeoutSeconds = request.timeoutSeconds ?? record.callbackTimeoutSeconds
    flow.expiresAt = this.now() + timeoutSeconds * 1000
    const f = flow
    let listeningOn: string | null = null
    if (flow.mode === 'loopback') {
      try {
        const catcher = await startLoopbackCatcher({
          redirectUri: flow.redirectUri,
          timeoutMs: timeoutSeconds * 1000 + 1000,
          onCallback: params => this.answerForBrowser(f, params),
          onTimeout: () => {},
          screen: params => forgedCallback(f, params),
          onRejected: () => {
            f.rejectedCallbacks += 1
            this.emit()
          },
        })
        listeningOn = catcher.listeningOn
        flow.stops.push(() => catcher.close())
      } catch (error) {
        this.finish(flow, 'failed', failures.fromError(error))
        throw error
      }
    }
    const timer = setTimeout(() => void this.fail(f, failures.timedOut(timeoutSeconds)), timeoutSeconds * 1000)
    timer.unref()
    flow.stops.push(() => clearTimeout(timer))
    flow.opener = flow.mode === 'embedded' || (transport === 'electron' && this.deps.openExternal) ? 'engine' : 'renderer'
    this.setStep(flow, 'waiting-for-callback')
    if (flow.mode === 'embedded' && this.deps.embedded) this.openEmbedded(flow, this.deps.embedded)
    else if (flow.opener === 'engine' && this.deps.openExternal) {
      try {
        await this.deps.openExternal(flow.authorizeUrl)
      } catch (error) {
        flow.warnings.push(`The browser could not be opened (${(error as Error).message}); open the authorize URL yourself.`)
        flow.opener = 'renderer'
        this.emit()
      }
    }
    return { ...attemptPreview(flow), expiresAt: new Date(flow.expiresAt).toISOString(), opener: flow.opener, listeningOn }
  }

  /** Cancels the waiting attempt (all of them when `flowId` is absent). */
  async cancel(flowId?: string): Promise<{ cancelled: boolean }> {
    const flow = this.flow
    if (!flow || TERMINAL.has(flow.step) || (flowId && flow.id !== flowId)) return { cancelled: false }
    await this.fail(flow, failures.cancelled())
    return { cancelled: true }
  }

  /**
   * Paste mode (and a fallback for the others): the final redirect URL, its query, or only the code. A URL with
   * neither code nor error is taken as the registered URI copied from the server's mismatch page and diagnosed.
   */
  async paste(input: string, flowId?: string): Promise<TokenView> {
    const flow = this.flow
    const sentRedirect = flow?.redirectUri ?? this.deps.environments.record(this.deps.environments.resolveId()).redirectUri
    const pasted = parsePastedRedirect(input, sentRedirect)
    if (pasted.kind === 'no-answer') {
      const diagnosis = diagnoseRedirectMismatch(sentRedirect, pasted.url)
      await this.stopOnRefusal(diagnosis)
      throw new ConsoleError(
        'invalid_request',
        `The pasted URL carries neither a code nor an error. ${diagnosis.equal ? 'It is identical to the redirect URI that was sent.' : 'Taken as the registered redirect URI, it differs from the one sent.'}`,
        {
          hint: diagnosis.equal
            ? 'Paste the address the browser ended on after Allow/Deny (it has ?code=… or ?error=…).'
            : 'Correct the environment’s redirect URI to match the registered one exactly (or register the one sent), then authorize again.',
          details: { diagnosis },
        },
      )
    }
    if (pasted.kind === 'invalid')
      throw new ConsoleError('invalid_request', pasted.reason, {
        hint: 'Paste the whole address from the browser’s address bar after Allow/Deny.',
      })
    if (!flow || (flowId && flow.id !== flowId) || TERMINAL.has(flow.step) || flow.answered) {
      throw new ConsoleError('conflict', 'No authorization is waiting for a redirect.', {
        hint: 'Start an authorization first: the pasted code must belong to the attempt whose state the console knows.',
      })
    }
    if (pasted.kind === 'code') return this.answer(flow, { code: pasted.code }, 'paste-code')
    if (pasted.matchesRedirectUri === false) {
      flow.warnings.push('The pasted URL does not start with the environment’s redirect URI; it was accepted because its state matches.')
    }
    return this.answer(flow, pasted.params, 'paste-url')
  }

  /**
   * Compares the registered redirect URI (from the server's error page) with the one sent in the current (or last)
   * attempt. When they differ, the server has already refused the waiting attempt: the wait stops at once.
   */
  async diagnose(registered: string, sent?: string): Promise<RedirectDiagnosis> {
    const fromFlow = this.flow?.redirectUri ?? this.deps.environments.record(this.deps.environments.resolveId()).redirectUri
    const diagnosis = diagnoseRedirectMismatch(sent ?? fromFlow, registered)
    await this.stopOnRefusal(diagnosis)
    return diagnosis
  }

  /** Ends the waiting attempt as refused when the diagnosis shows the server cannot redirect to the URI it sent. */
  private async stopOnRefusal(diagnosis: RedirectDiagnosis): Promise<void> {
    const flow = this.flow
    if (!flow || diagnosis.equal || flow.answered || TERMINAL.has(flow.step) || diagnosis.sent !== flow.redirectUri) return
    await this.fail(flow, failures.redirectRefused(diagnosis))
  }

  /** The current (or last) attempt as the stepper draws it; `idle` when there was none for this environment. */
  state(envId?: string): OAuthFlowState {
    const flow = this.flow
    if (!flow || (envId && flow.envId !== envId)) return idleState(envId ?? null, this.now())
    return this.stateOf(flow)
  }

  /** Drops the attempt of a deleted environment. */
  async forgetEnvironment(envId: string): Promise<void> {
    if (this.flow?.envId === envId) {
      await this.stopCurrent(failures.cancelled())
      this.flow = null
    }
  }

  async close(): Promise<void> {
    await this.stopCurrent(failures.cancelled())
  }

  private newFlow(record: EnvironmentRecord, mode: CatchMode, pkce: boolean): Flow {
    const flow = newAttempt(record, mode, pkce, this.now())
    this.deps.secrets.add(flow.pkceVerifier, 'code_verifier')
    return flow
  }

  private openEmbedded(flow: Flow, opener: EmbeddedWindowOpener): void {
    const session = opener.open({
      authorizeUrl: flow.authorizeUrl,
      redirectUri: flow.redirectUri,
      title: 'Authorize · Partner API Console',
    })
    flow.stops.push(() => session.close())
    void session.outcome.then(
      outcome => {
        if (outcome.kind === 'closed') return void this.fail(flow, failures.windowClosed())
        session.close()
        const params = parsePastedRedirect(outcome.url, flow.redirectUri)
        if (params.kind === 'answer') return void this.answer(flow, params.params, 'embedded').catch(() => {})
        void this.fail(flow, { code: 'no_answer', message: 'The window reached the redirect URI without a code or an error.' })
      },
      (error: unknown) => void this.fail(flow, failures.fromError(error)),
    )
  }

  /** The loopback catcher's view of an answer: the flow's result, turned into the browser tab's page. */
  private async answerForBrowser(flow: Flow, params: CallbackParams): Promise<CallbackPageContent> {
    try {
      await this.answer(flow, params, 'loopback')
      return { outcome: 'success', title: 'Authorization complete', message: 'The console received the code and exchanged it for tokens.' }
    } catch (error) {
      const failure = flow.failure ?? failures.fromError(error)
      const outcome = failure.code === 'access_denied' ? 'denied' : 'error'
      return {
        outcome,
        title: outcome === 'denied' ? 'Access denied' : 'Authorization failed',
        message: this.deps.secrets.redact(failure.message),
      }
    }
  }

  /** Checks and uses one answer (code or error) for the flow; resolves with the tokens or rejects with why not. */
  private async answer(flow: Flow, params: CallbackParams, source: AnswerSource): Promise<TokenView> {
    if (flow.answered || TERMINAL.has(flow.step)) {
      throw new ConsoleError('conflict', 'This authorization already received its redirect.', { hint: 'Start a new authorization.' })
    }
    flow.answered = true
    this.deps.secrets.add(params.code, 'code')
    if (source === 'paste-code') {
      flow.stateChecked = false
      flow.warnings.push('Only a code was pasted, so the state could not be checked (no CSRF protection for this attempt).')
    } else if (params.state === undefined) {
      if (flow.requireStateEcho) throw await this.fail(flow, failures.stateMissing())
      flow.stateChecked = false
      flow.warnings.push('The server did not echo state, so it could not be checked.')
    } else if (params.state !== flow.state) {
      throw await this.fail(flow, failures.stateMismatch(params.state))
    } else {
      flow.stateChecked = true
    }
    if (params.error !== undefined) {
      const failure =
        params.error === 'access_denied'
          ? failures.accessDenied(params.errorDescription)
          : failures.authorizeError(params.error, params.errorDescription)
      if (params.error === 'access_denied') {
        this.deps.tokens.lifecycle.set(flow.envId, 'denied', 'deny', null)
        throw await this.fail(flow, failure, 'denied')
      }
      throw await this.fail(flow, failure)
    }
    const code = params.code as string
    flow.codeFingerprint = fingerprint(code)
    this.setStep(flow, 'callback-received')
    this.deps.tokens.lifecycle.set(flow.envId, 'code-issued', 'allow', null)
    this.setStep(flow, 'exchanging')
    try {
      const env = await this.deps.environments.get(flow.envId)
      const grant = await this.deps.client.exchangeCode(env, code, flow.pkceVerifier ?? undefined)
      const view = await this.deps.tokens.storeGrant(flow.envId, grant, 'exchange')
      await this.stop(flow)
      this.setStep(flow, 'done')
      return view
    } catch (error) {
      const failure = failures.fromError(error)
      if (failure.code === 'redirect-mismatch') failure.hint = `${failure.hint ?? ''} Sent: ${flow.redirectUri}`.trim()
      await this.fail(flow, failure)
      this.deps.tokens.syncLifecycle(flow.envId, 'exchange-failed')
      if (error instanceof ConsoleError) {
        throw new ConsoleError(error.code, error.message, {
          hint: error.hint,
          details: { ...(error.details as object), failure: flow.failure },
        })
      }
      throw error
    }
  }

  /** Ends the flow with a failure (or denial) and returns the error a caller should throw. */
  private async fail(flow: Flow, failure: FlowFailure, step: 'failed' | 'denied' = 'failed'): Promise<ConsoleError> {
    if (!TERMINAL.has(flow.step)) {
      await this.stop(flow)
      this.finish(flow, step, failure)
    }
    return failures.failureError(this.deps.secrets.redactDeep(failure))
  }

  private finish(flow: Flow, step: OAuthFlowStep, failure: FlowFailure): void {
    flow.failure = this.deps.secrets.redactDeep(failure)
    flow.answered = true
    this.setStep(flow, step)
  }

  private async stop(flow: Flow): Promise<void> {
    const stops = flow.stops.splice(0)
    for (const s of stops) {
      try {
        await s()
      } catch {
        // Closing a listener or window that is already gone is fine.
      }
    }
  }

  private async stopCurrent(failure: FlowFailure): Promise<void> {
    const flow = this.flow
    if (flow && !TERMINAL.has(flow.step)) await this.fail(flow, failure)
  }

  private setStep(flow: Flow, step: OAuthFlowStep): void {
    flow.step = step
    if (TERMINAL.has(step)) flow.expiresAt = null
    if (this.flow === flow) this.emit()
  }

  private emit(): void {
    if (this.flow) this.deps.bus.emit('oauth:flow', this.stateOf(this.flow))
  }

  private stateOf(flow: Flow): OAuthFlowState {
    return this.deps.secrets.redactDeep(attemptState(flow, this.now()))
  }
}

/**
 * Why a loopback callback is not this attempt's own, or null: a `state` other than the one sent, or none when the
 * environment requires it echoed. Such a request comes from somewhere else (any web page can point an `<img>` at the
 * catcher); it is refused without touching the attempt.
 */
function forgedCallback(flow: Flow, params: CallbackParams): string | null {
  if (params.state === undefined) {
    return flow.requireStateEcho ? 'This redirect carries no state, and this environment requires the state to be echoed.' : null
  }
  return params.state === flow.state ? null : 'The state in this redirect is not the one the console sent.'
}
