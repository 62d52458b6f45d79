import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import { createHttpDateFormatter } from '../state/sandbox-clock'
import type { SandboxState } from '../state/sandbox-state'
import { sendApiError } from './http-io'
import { type RequestContext, type Router, routingKey, splitTarget } from './router'

interface SandboxServer {
  server: Server
  /** Cancels pending fault delays (called on close). */
  cancelTimers(): void
}

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

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.sendDate = false
    res.setHeader('Date', httpDate())
    const method = (req.method ?? 'GET').toUpperCase()
    const { rawPath, rawQuery } = splitTarget(req.url ?? '/')
    const path = routingKey(rawPath)
    if (log) {
      const started = performance.now()
      res.on('finish', () => log(`${method} ${rawPath} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`))
    }

    if (!state.faults.empty && !isOperatorPath(path)) {
      const fault = state.faults.take(method, path)
      if (fault) {
        if (fault.latencyMs) await delay(fault.latencyMs)
        if (fault.drop) {
          req.socket.destroy()
          return
        }
        if (fault.status !== undefined) {
          res.setHeader('X-Sandbox-Fault', String(fault.id))
          return sendApiError(res, state.clock.now(), fault.status, `Injected fault #${fault.id}: status ${fault.status}`, [
            { fault: fault.id },
          ])
        }
        res.setHeader('X-Sandbox-Fault', String(fault.id))
      }
    }

    const match = router.match(method, path)
    if (match.kind === 'not_found') {
      return sendApiError(res, state.clock.now(), 404, `No such endpoint: ${method} ${rawPath}`)
    }
    if (match.kind === 'method_not_allowed') {
      res.setHeader('Allow', match.allow.join(', '))
      return sendApiError(res, state.clock.now(), 405, `Method ${method} not allowed on ${rawPath}; use ${match.allow.join(', ')}`)
    }
    const ctx: RequestContext = { req, res, method, rawPath, path, rawQuery, params: match.params, state }
    const done = match.handler(ctx)
    // Most handlers answer synchronously: only a promise is waited for (no extra turn per request).
    if (done) await done
  }

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((err: unknown) => {
      try {
        if (res.headersSent) return void res.destroy()
        const message = err instanceof Error ? err.message : String(err)
        sendApiError(res, state.clock.now(), 500, `Sandbox internal error: ${message}`)
      } catch {
        // Even the 500 failed: end this exchange only; the server keeps serving the next one.
        res.destroy()
      }
    })
  }
  const server: Server = tls
    ? createTlsServer({ keepAliveTimeout: 5000, cert: tls.cert, key: tls.key, ALPNProtocols: ['http/1.1'] }, listener)
    : createServer({ keepAliveTimeout: 5000 }, listener)
  return {
    server,
    cancelTimers() {
      for (const t of timers) clearTimeout(t)
      timers.clear()
    },
  }
}
