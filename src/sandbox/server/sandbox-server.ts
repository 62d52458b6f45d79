import { createServer, type IncomingMessage, type Server } from 'node:http'
import { createHttpDateFormatter } from '../state/sandbox-clock'
import type { SandboxState } from '../state/sandbox-state'
import { sendApiError } from './http-io'
import { type RequestContext, type Router, routingKey } from './router'
import { SandboxResponse } from './sandbox-response'

interface SandboxServer {
  server: Server
  /** Cancels pending fault delays (called on close). */
  cancelTimers(): void
}

/** Staged headers a 500 still carries: the clock's date, the quota already counted, the fault that was applied. */
const KEPT_ON_FAILURE: ReadonlySet<string> = new Set([
  'Date',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'Retry-After',
  'X-Sandbox-Fault',
])

/** True for the operator API, which faults never touch. */
function isOperatorPath(path: string): boolean {
  return path === '/_sandbox' || path.startsWith('/_sandbox/')
}

/**
 * Creates the single HTTP (or, with `tls`, HTTPS) server that serves both {auth_url} and {base_url}. Every response gets a
 * `Date` header from the sandbox clock (clients estimate clock skew from it); operator faults are
 * applied before routing; a handler that throws answers 500 instead of taking the server down.
 */
export function createSandboxServer(state: SandboxState, router: Router, tls?: { cert: string; key: string }): SandboxServer {
  const httpDate = createHttpDateFormatter(state.clock)
  const timers = new Set<NodeJS.Timeout>()
  const delay = (ms: number) =>
    new Promise<void>(resolve => {
      const t = setTimeout(() => {
        timers.delete(t)
        resolve()
      }, ms)
      timers.add(t)
    })
  const log = state.config.quiet ? undefined : state.config.logger

  /** Answers from a handler that threw (or rejected): a 500 if nothing was sent yet, else the exchange is cut. */
  function fail(res: SandboxResponse, err: unknown): void {
    try {
      if (res.headersSent) return void res.destroy()
      res.unstageAllBut(KEPT_ON_FAILURE)
      const message = err instanceof Error ? err.message : String(err)
      sendApiError(res, state.clock.now(), 500, `Sandbox internal error: ${message}`)
    } catch {
      // Even the 500 failed: end this exchange only; the server keeps serving the next one.
      res.destroy()
    }
  }

  /** Routes and runs the handler; returns its promise only when it has one (most answer synchronously). */
  function route(req: IncomingMessage, res: SandboxResponse, method: string, rawPath: string, path: string, rawQuery: string) {
    const match = router.match(method, path)
    if (match.kind === 'not_found') {
      return sendApiError(res, state.clock.now(), 404, `No such endpoint: ${method} ${rawPath}`)
    }
    if (match.kind === 'method_not_allowed') {
      res.stage('Allow', match.allow.join(', '))
      return sendApiError(res, state.clock.now(), 405, `Method ${method} not allowed on ${rawPath}; use ${match.allow.join(', ')}`)
    }
    const ctx: RequestContext = { req, res, method, rawPath, path, rawQuery, params: match.params, state }
    return match.handler(ctx)
  }

  /** Applies the operator's fault for this request (delay, drop, status or mark), then routes unless it answered. */
  async function faulted(req: IncomingMessage, res: SandboxResponse, method: string, rawPath: string, path: string, rawQuery: string) {
    const fault = state.faults.take(method, path)
    if (fault) {
      if (fault.latencyMs) await delay(fault.latencyMs)
      if (fault.drop) {
        req.socket.destroy()
        return
      }
      res.stage('X-Sandbox-Fault', String(fault.id))
      if (fault.status !== undefined) {
        return sendApiError(res, state.clock.now(), fault.status, `Injected fault #${fault.id}: status ${fault.status}`, [
          { fault: fault.id },
        ])
      }
    }
    await route(req, res, method, rawPath, path, rawQuery)
  }

  // The last path received and its routing key: clients repeat the same call, so the key is not made again for it.
  let lastRawPath = ''
  let lastPath = ''
  // No async function and no closure per request: a synchronous handler's answer costs no promise and no extra turn.
  const listener = (req: IncomingMessage, res: SandboxResponse) => {
    res.stage('Date', httpDate())
    const method = (req.method ?? 'GET').toUpperCase()
    const target = req.url ?? '/'
    const q = target.indexOf('?')
    const rawPath = q < 0 ? target : target.slice(0, q)
    const rawQuery = q < 0 ? '' : target.slice(q + 1)
    if (rawPath !== lastRawPath) {
      lastRawPath = rawPath
      lastPath = routingKey(rawPath)
    }
    const path = lastPath
    if (log) {
      const started = performance.now()
      res.on('finish', () => log(`${method} ${rawPath} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`))
    }
    let done: void | Promise<void>
    try {
      done =
        !state.faults.empty && !isOperatorPath(path)
          ? faulted(req, res, method, rawPath, path, rawQuery)
          : route(req, res, method, rawPath, path, rawQuery)
    } catch (err) {
      return fail(res, err)
    }
    if (done) done.catch((err: unknown) => fail(res, err))
  }
  // node:https (and node:tls under it) is loaded only for a sandbox that serves TLS: a plain one never pays its import.
  const server: Server = tls
    ? process
        .getBuiltinModule('node:https')
        .createServer<typeof IncomingMessage, typeof SandboxResponse>(
          { keepAliveTimeout: 5000, cert: tls.cert, key: tls.key, ALPNProtocols: ['http/1.1'], ServerResponse: SandboxResponse },
          listener,
        )
    : createServer<typeof IncomingMessage, typeof SandboxResponse>({ keepAliveTimeout: 5000, ServerResponse: SandboxResponse }, listener)
  return {
    server,
    cancelTimers() {
      for (const t of timers) clearTimeout(t)
      timers.clear()
    },
  }
}
