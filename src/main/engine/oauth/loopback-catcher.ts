import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { ConsoleError } from '../core/console-error'
import { isLoopbackHost } from '../environments/validate-settings'
import { type CallbackPageContent, callbackPage } from './callback-page'
import { type CallbackParams, callbackParamsOf, isOAuthAnswer, matchesRedirectUri } from './redirect-match'

interface LoopbackCatcherOptions {
  /** The registered redirect URI: http://<loopback host>:<port>/<path>. */
  redirectUri: string
  timeoutMs: number
  /** Handles the OAuth answer; resolves with what the browser tab should say. */
  onCallback: (params: CallbackParams) => Promise<CallbackPageContent>
  onTimeout: () => void
  /**
   * Screens an answer before it is taken: a reason string refuses it (400 page, `onRejected`), and the catcher keeps
   * waiting for the real redirect. The flow refuses a `state` that is not its own, so a forged callback from any web
   * page cannot end a real authorization.
   */
  screen?: (params: CallbackParams) => string | null
  onRejected?: (params: CallbackParams, reason: string) => void
  /** How long the browser tab waits for `onCallback` before it is told to look at the console (default 20 s). */
  pageWaitMs?: number
}

interface LoopbackCatcher {
  /** e.g. http://127.0.0.1:53682/callback */
  listeningOn: string
  close(): Promise<void>
}

/** The address to bind for a loopback redirect URI, or a ConsoleError saying why the catcher cannot serve it. */
export function loopbackBinding(redirectUri: string): { host: string; port: number; path: string } {
  let url: URL
  try {
    url = new URL(redirectUri)
  } catch {
    throw new ConsoleError('invalid_request', `The redirect URI "${redirectUri}" is not an absolute URL.`)
  }
  if (url.protocol !== 'http:' || !isLoopbackHost(url.hostname)) {
    throw new ConsoleError(
      'invalid_request',
      `The loopback catcher cannot receive "${redirectUri}": it only listens on http://127.0.0.1 (or localhost, [::1]).`,
      {
        hint: 'Use the embedded window (desktop app) or paste mode for this redirect URI, or register a loopback one.',
      },
    )
  }
  const hostname = url.hostname.replace(/^\[|\]$/g, '')
  const host = hostname === 'localhost' ? '127.0.0.1' : hostname
  return { host, port: url.port === '' ? 80 : Number(url.port), path: url.pathname }
}

/**
 * The RFC 8252 §7.3 loopback catcher: a one-shot HTTP listener bound to the loopback address and port of the
 * registered redirect URI. It answers only a GET to that exact path carrying `code` or `error`; one that `screen`
 * refuses (a wrong `state`) gets a 400 page and changes nothing; the first one accepted is handed to the flow, the browser tab gets a "you can close this tab" page, and the listener closes. It also closes
 * after `timeoutMs`, or when the flow is cancelled. A busy port is reported naming the port and what to do.
 */
export async function startLoopbackCatcher(options: LoopbackCatcherOptions): Promise<LoopbackCatcher> {
  const { host, port } = loopbackBinding(options.redirectUri)
  const redirect = new URL(options.redirectUri)
  let handled = false
  let closed = false
  let timer: NodeJS.Timeout | undefined

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
      res.end('The console could not answer this request.')
    })
  })

  let responding = false
  /** Closes the listener; while the browser's page is being answered, the close happens right after it is sent. */
  const close = async (): Promise<void> => {
    if (responding) return
    if (closed) return
    closed = true
    if (timer) clearTimeout(timer)
    await new Promise<void>(resolve => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  }

  const send = (res: ServerResponse, status: number, content: CallbackPageContent) => {
    const html = callbackPage(content)
    res.writeHead(status, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(html),
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      Connection: 'close',
    })
    res.end(html)
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const hostHeader = (req.headers.host ?? '').replace(/:\d+$/, '')
    if (!isLoopbackHost(hostHeader)) {
      return send(res, 400, {
        outcome: 'error',
        title: 'Not a loopback request',
        message: 'This listener only answers requests addressed to the loopback interface.',
      })
    }
    const candidate = `${redirect.protocol}//${redirect.host}${req.url ?? '/'}`
    const params = callbackParamsOf(candidate)
    if (req.method !== 'GET' || !matchesRedirectUri(candidate, options.redirectUri) || !isOAuthAnswer(params)) {
      return send(res, 404, {
        outcome: 'error',
        title: 'Waiting for the authorization redirect',
        message: `This address only accepts the redirect to ${options.redirectUri} with a code or an error.`,
      })
    }
    const refusal = handled ? null : (options.screen?.(params) ?? null)
    if (refusal !== null) {
      options.onRejected?.(params, refusal)
      return send(res, 400, {
        outcome: 'error',
        title: 'Not the redirect the console is waiting for',
        message: `${refusal} The console ignored it and keeps waiting for the real redirect.`,
      })
    }
    if (handled) {
      return send(res, 409, {
        outcome: 'error',
        title: 'Already received',
        message: 'The console already received a redirect for this authorization.',
      })
    }
    handled = true
    responding = true
    if (timer) clearTimeout(timer)
    const waitMs = options.pageWaitMs ?? 20_000
    let waitTimer: NodeJS.Timeout | undefined
    const fallback = new Promise<CallbackPageContent>(resolve => {
      waitTimer = setTimeout(
        () =>
          resolve({
            outcome: 'success',
            title: 'Redirect received',
            message: 'The console received the redirect and is still working on it; see the console for the result.',
          }),
        waitMs,
      )
    })
    let content: CallbackPageContent
    try {
      content = await Promise.race([options.onCallback(params), fallback])
    } catch (error) {
      content = { outcome: 'error', title: 'Authorization failed', message: error instanceof Error ? error.message : String(error) }
    } finally {
      clearTimeout(waitTimer)
    }
    res.once('close', () => {
      responding = false
      void close()
    })
    send(res, 200, content)
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(bindError(error, host, port, options.redirectUri)))
    server.listen(port, host, () => resolve())
  })
  server.on('error', () => {})
  timer = setTimeout(() => {
    if (handled) return
    void close().then(() => options.onTimeout())
  }, options.timeoutMs)
  timer.unref()
  return { listeningOn: `http://${host.includes(':') ? `[${host}]` : host}:${port}${redirect.pathname}`, close }
}

function bindError(error: NodeJS.ErrnoException, host: string, port: number, redirectUri: string): ConsoleError {
  if (error.code === 'EADDRINUSE') {
    return new ConsoleError(
      'conflict',
      `Port ${port} on ${host} is already in use, so the console cannot catch the redirect to ${redirectUri}.`,
      {
        hint: `Close the program listening on port ${port} (find it with \`lsof -i :${port}\` or \`netstat -ano | findstr :${port}\`), or register a redirect URI with another free port and update the environment, or switch this environment to paste mode.`,
        details: { port, host },
        cause: error,
      },
    )
  }
  if (error.code === 'EACCES') {
    return new ConsoleError(
      'forbidden',
      `Listening on port ${port} needs administrator rights, so the console cannot catch the redirect to ${redirectUri}.`,
      {
        hint: 'Register a redirect URI with a port above 1023 (e.g. http://127.0.0.1:53682/callback), or use paste mode.',
        details: { port, host },
        cause: error,
      },
    )
  }
  return new ConsoleError('network', `The loopback catcher could not listen on ${host}:${port}: ${error.message}`, { cause: error })
}
