import type {
  ComposerDraft,
  ComposerRequest,
  ExchangeComparison,
  ImportedDraft,
  LogEntry,
  QuotaPrediction,
  Snippet,
  SnippetLanguage,
} from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import type { ResolvedEnvironment } from '../core/ports'
import type { ExecutedRequest, ExecuteInput, RequestExecutor } from '../http/executor'
import { resolveRequestUrl } from '../http/target-url'
import type { NetworkLog } from '../log/network-log'
import { quotaKey } from '../quota/quota-key'
import type { QuotaTracker } from '../quota/quota-tracker'
import { compareExchanges } from './compare-exchanges'
import { composeRequest } from './compose-request'
import { buildSnippet } from './copy-as/snippets'
import { draftFromCurl } from './curl-import/parse-curl'
import { draftFromEntry, type HostsOfEnvironment, NOT_REPLAYED } from './resend-from-entry'

interface RequestsServiceDeps {
  executor: RequestExecutor
  log: NetworkLog
  quota: QuotaTracker
}

type SendOptions = Pick<ExecuteInput, 'envId' | 'force' | 'autoRetry' | 'timeoutMs' | 'maxBodyBytes' | 'signal' | 'confirmProduction'>

/**
 * The Requests panel's engine: send any composed request through the executor (same auth, retries, quota and log
 * as every other call), rebuild a request from a log entry with the current credentials, compare two entries, and
 * write snippets. The repro bundles' replay uses `draftFromLog` + `send` (or `resend`) and `compare`.
 */
export class RequestsService {
  constructor(private readonly deps: RequestsServiceDeps) {}

  /** Sends a composer request; resolves with the last attempt whatever its status (like the executor). */
  send(request: ComposerRequest, options: SendOptions = {}): Promise<ExecutedRequest> {
    const c = composeRequest(request)
    return this.deps.executor.execute({
      ...options,
      method: c.method,
      target: c.target,
      path: c.path,
      headers: c.headers,
      body: c.body,
      auth: request.auth,
    })
  }

  /**
   * A log entry (captured or imported) as a composer request aimed at the given environment (default: the active
   * one), without its captured credentials: the send adds the environment's token or a fresh signature.
   */
  async draftFromLog(id: string, envId?: string): Promise<ComposerDraft> {
    const entry = this.deps.log.get(id)
    const env = await this.environment(envId).catch(() => null)
    return draftFromEntry(entry, env)
  }

  /**
   * A pasted cURL command as a composer request aimed at the given (default: active) environment: a URL on its hosts
   * becomes a path, a signed command is signed anew at send, and no credential of the command is kept.
   */
  async draftFromCurl(text: string, envId?: string): Promise<ImportedDraft> {
    return draftFromCurl(text, await this.hosts(envId))
  }

  /** The environment's base and auth URLs (null when it cannot be resolved): what imported URLs are matched against. */
  async hosts(envId?: string): Promise<HostsOfEnvironment | null> {
    return this.environment(envId).catch(() => null)
  }

  /** Sends a log entry again with the current credentials (re-signed at send); `edit` may change the draft first. */
  async resend(
    id: string,
    options: SendOptions & { edit?: (request: ComposerRequest) => ComposerRequest } = {},
  ): Promise<ExecutedRequest & { draft: ComposerDraft }> {
    return this.resendEntry(this.deps.log.get(id), options)
  }

  /** Like `resend`, for an entry the caller holds (the bundle replay): it need not be in the log any more. */
  async resendEntry(
    entry: LogEntry,
    options: SendOptions & { edit?: (request: ComposerRequest) => ComposerRequest } = {},
  ): Promise<ExecutedRequest & { draft: ComposerDraft }> {
    const env = await this.environment(options.envId).catch(() => null)
    const draft = draftFromEntry(entry, env)
    const request = options.edit ? options.edit(draft.request) : draft.request
    const result = await this.send(request, options)
    return { ...result, draft }
  }

  /** Two log entries side by side (see compareExchanges). */
  compare(a: string, b: string): ExchangeComparison {
    return compareExchanges(this.deps.log.get(a), this.deps.log.get(b))
  }

  /**
   * What the ledger predicts for the request's quota key, and whether the executor would refuse to send it now:
   * the same key and the same gate as the send, so the prediction and the refusal never disagree.
   */
  async predict(request: ComposerRequest, envId?: string): Promise<QuotaPrediction> {
    const c = composeRequest(request)
    const absolute = /^[a-z][a-z0-9+.-]*:/i.test(c.path)
    const env = absolute && request.auth === 'none' && !envId ? null : await this.environment(envId)
    const url = resolveRequestUrl(env, c.target, c.path)
    const credentialed = request.auth !== 'none' || 'authorization' in c.headers || 'x-access-key' in c.headers
    const key = quotaKey(credentialed && env ? env.clientId : 'anonymous', c.method, url.pathname)
    let refusal: QuotaPrediction['refusal'] = null
    try {
      this.deps.quota.gate(key, { warnSpent: true })
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error
      const reason = (error.details as { reason?: string } | undefined)?.reason === 'blocked' ? 'blocked' : 'quota_spent'
      refusal = { reason, message: error.message }
    }
    return { state: this.deps.quota.state(key), refusal }
  }

  /** A runnable snippet of a composer request or of a log entry (through its draft: no captured credential). */
  async snippet(language: SnippetLanguage, source: { request: ComposerRequest } | { logId: string }, envId?: string): Promise<Snippet> {
    const draft = 'logId' in source ? await this.draftFromLog(source.logId, envId) : null
    const request = draft ? draft.request : (source as { request: ComposerRequest }).request
    const c = composeRequest(request)
    const absolute = /^[a-z][a-z0-9+.-]*:/i.test(c.path)
    // Names and URLs only: the program reads its secret (PARTNER_CLIENT_SECRET) when it runs, so none is needed here.
    const settings = () => this.deps.executor.environmentSettings(envId)
    const env = absolute && request.auth !== 'hmac' ? await settings().catch(() => null) : await settings()
    const url = resolveRequestUrl(env, c.target, c.path)
    const headers = Object.entries(c.headers)
      .filter(([name]) => !NOT_REPLAYED.has(name))
      .map(([name, value]) => ({ name, value }))
    if (c.body !== undefined && !headers.some(h => h.name === 'content-type')) {
      headers.push({ name: 'content-type', value: looksJson(c.body) ? 'application/json' : 'text/plain; charset=utf-8' })
    }
    const snippet = buildSnippet(language, {
      method: c.method,
      url: url.href,
      headers,
      body: c.body,
      auth: request.auth,
      clientId: env?.clientId,
    })
    if (draft) snippet.notes.push(...draft.notes)
    return snippet
  }

  private async environment(envId: string | undefined): Promise<ResolvedEnvironment> {
    return this.deps.executor.environment(envId)
  }
}

function looksJson(body: string): boolean {
  try {
    JSON.parse(body)
    return /^\s*[[{"]/.test(body)
  } catch {
    return false
  }
}
