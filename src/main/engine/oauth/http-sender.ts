import { ConsoleError } from '../core/console-error'
import type { IncomingResponse, OutgoingRequest, SendHttp } from '../core/ports'

const DEFAULT_TIMEOUT_MS = 30_000
const MAX_BODY_CHARS = 1_000_000

/**
 * The HTTP path of auth's own calls (token, refresh, sandbox operator): through the requests part's `sendHttp` when it
 * is wired, so each exchange shows (redacted) in the network log, else a direct fetch with the same error contract.
 * Looked up at call time because wiring order is fixed.
 */
export function createHttpSender(current: () => SendHttp | undefined): SendHttp {
  return request => {
    const viaLog = current()
    return viaLog ? viaLog(request) : sendDirect(request)
  }
}

/** A plain fetch with a timeout; rejects with ConsoleError('network' | 'timeout' | 'cancelled') when no answer came. */
export async function sendDirect(request: OutgoingRequest): Promise<IncomingResponse> {
  const started = performance.now()
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout
  let response: Response
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal,
    })
  } catch (error) {
    if (request.signal?.aborted) throw new ConsoleError('cancelled', `The request to ${request.url} was cancelled.`, { cause: error })
    if (timeout.aborted) {
      throw new ConsoleError('timeout', `No answer from ${request.url} within ${Math.round(timeoutMs / 1000)} s.`, {
        hint: 'Check that the server is reachable from this machine.',
        cause: error,
      })
    }
    const reason = (error as { cause?: { code?: string; message?: string } }).cause
    throw new ConsoleError('network', `Could not reach ${request.url}: ${reason?.code ?? reason?.message ?? (error as Error).message}.`, {
      hint: 'Check the address of the environment, your network and any proxy.',
      cause: error,
    })
  }
  const text = await response.text()
  const headers: Record<string, string> = {}
  response.headers.forEach((value, key) => {
    headers[key] = value
  })
  return {
    status: response.status,
    statusText: response.statusText,
    headers,
    body: text.length > MAX_BODY_CHARS ? text.slice(0, MAX_BODY_CHARS) : text,
    truncated: text.length > MAX_BODY_CHARS,
    durationMs: Math.round(performance.now() - started),
  }
}
