import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { WEB_SOCKET_PATH, WEB_UPLOAD_PATH } from '../../shared/contract/web-protocol'
import type { BridgeEngine } from '../bridge/engine-gate'
import { firstScreenWatch } from './first-screen'
import { createLaunchTokens } from './launch-tokens'
import { hasSessionCookie, isAllowedHost, isAllowedOrigin, newSessionCookieName } from './request-guard'
import { securityHeaders } from './security-headers'
import type { SocketServer } from './socket-server'
import { createStaticFiles } from './static-files'
import { receiveUpload } from './upload-route'
import { createUploadStore } from './upload-store'

interface WebHostOptions {
  /**
   * The engine, or the promise of it while it starts: the page is served at once either way, and its bridge calls
   * wait for the engine (see bridge/engine-gate.ts).
   */
  runtime: BridgeEngine | Promise<BridgeEngine>
  /** Folder of the built renderer (out/renderer). */
  rendererDir: string
  port?: number
  /** Fixed session secret (tests); default: 32 random bytes, new every launch. */
  sessionSecret?: string
  /** See firstScreenShown: how long to wait for a first request (default 300 ms), and at most (default 3 s). */
  firstScreenGraceMs?: number
  /**
   * The host's caller is opening a browser on it (`web` without `--no-open`): a page is on its way from the start, so
   * the engine waits for its first screen (up to the cap), not just the grace; a browser takes longer than that to
   * start and ask, and the engine's start would take a core from it while it does.
   */
  pageExpected?: boolean
  firstScreenCapMs?: number
}

export interface WebHost {
  /**
   * A new URL to open, with a one-time launch token: traded once for the session cookie within a minute, then dead
   * (see launch-tokens.ts). Call it again for another browser.
   */
  newLaunchUrl(): string
  origin: string
  port: number
  /** The session cookie's value: never printed, never in a URL or on a command line. */
  sessionSecret: string
  /** The session cookie's name, random per launch (see newSessionCookieName). */
  cookieName: string
  /**
   * Resolves once a page has painted its first screen and connected (or no page came to ask, see first-screen.ts):
   * the moment to start loading the engine without delaying the page.
   */
  firstScreenShown: Promise<void>
  /**
   * Resolves when no page is loading its first screen (at once when none is): the engine's start waits on it between
   * its steps, so a page that comes while the engine loads is served and painted first (see first-screen.ts).
   */
  pageQuiet(): Promise<void>
  close(): Promise<void>
}

/**
 * The console in any browser on 127.0.0.1: serves the built renderer and the bridge over a WebSocket. It listens
 * before the engine is up and loads nothing of it (nor ws, nor the message schemas) on the path of the first screen. A browser gets in
 * with a one-time launch token (in the URL printed or opened, good once and for a minute), traded for the per-launch
 * session secret in an HttpOnly SameSite=Strict cookie; every other request must carry that cookie and a Host header
 * naming this loopback address; the socket must also come from this very origin. Binds to 127.0.0.1 only.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const sessionSecret = options.sessionSecret ?? randomBytes(32).toString('base64url')
  const launchTokens = createLaunchTokens()
  const engine = Promise.resolve(options.runtime)
  // An engine that fails to start is answered on each call (engine-gate.ts); it is not an unhandled rejection here.
  engine.catch(() => {})
  const staticFiles = createStaticFiles(options.rendererDir)
  const firstScreen = firstScreenWatch(options.firstScreenGraceMs ?? 300, options.firstScreenCapMs ?? 3000)
  if (options.pageExpected) firstScreen.asked()
  let sockets: Promise<SocketServer> | null = null
  let closing = false
  const uploads = createUploadStore()
  let port = 0
  let cookieName = ''

  const server = createServer((req, res) => {
    void handleHttp(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
      res.end('The web host failed to answer this request.')
    })
  })

  const isAuthenticated = (req: IncomingMessage): boolean => hasSessionCookie(req.headers.cookie, cookieName, sessionSecret)

  async function handleHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const headers = securityHeaders(port)
    if (!isAllowedHost(req.headers.host, port)) {
      return plain(
        res,
        421,
        headers,
        `Refused: this console only answers to http://127.0.0.1:${port}/ (Host header was not a loopback address of this server).`,
      )
    }
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`)
    if (req.method === 'POST' && url.pathname === WEB_UPLOAD_PATH) return upload(req, res, headers)
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return plain(res, 405, headers, `Only GET is served here (and POST ${WEB_UPLOAD_PATH}); the console talks over its WebSocket.`)
    }
    const presented = url.searchParams.get('token')
    let sessionCookies: string[] = []
    if (presented !== null) {
      const traded = launchTokens.redeem(presented)
      if (!traded && !isAuthenticated(req)) {
        return plain(
          res,
          401,
          headers,
          "Refused: this URL's one-time token was already used, is more than a minute old, or was never issued here. " +
            'For a fresh URL, press Enter in the terminal where `partner-console web` runs (or start it again).',
        )
      }
      // A page is on its way: the engine waits for its first screen (a refused request does not count).
      firstScreen.asked()
      // The token is traded for the session cookie in this very answer, which is the page itself: no redirect, whose
      // round trip every cold start paid before its first byte. The page drops the token from the address bar and its
      // history entry before it renders (main.tsx); the token is spent by then, and no request carries it as a
      // referrer (no-referrer). A browser that has the session keeps it.
      if (traded) {
        sessionCookies = [
          `${cookieName}=${encodeURIComponent(sessionSecret)}; HttpOnly; SameSite=Strict; Path=/`,
          ...staleSessionCookies(req.headers.cookie, cookieName),
        ]
      }
    } else if (!isAuthenticated(req)) {
      return plain(
        res,
        401,
        headers,
        'Refused: no session. Open the URL that `partner-console web` printed (its one-time token works once, for a minute); ' +
          'for a fresh one, press Enter in the terminal where it runs.',
      )
    }
    if (sessionCookies.length > 0) res.setHeader('Set-Cookie', sessionCookies)
    const file = await staticFiles.read(url.pathname)
    const fallback = file ?? (url.pathname.includes('.') ? null : await staticFiles.read('/'))
    if (!fallback) return plain(res, 404, headers, `Not found: ${url.pathname}`)
    res.writeHead(200, {
      ...headers,
      'Content-Type': fallback.contentType,
      'Cache-Control': fallback.immutable && sessionCookies.length === 0 ? 'private, max-age=31536000, immutable' : 'no-store',
    })
    res.end(req.method === 'HEAD' ? undefined : fallback.body)
  }

  /**
   * A file's text, uploaded as its own streamed request (see WEB_UPLOAD_PATH): checked exactly like the socket (this
   * very origin, the session cookie; the Host was checked by the caller), before a byte of the body is read.
   */
  async function upload(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>): Promise<void> {
    const refuse = (status: number, text: string) => {
      res.setHeader('Connection', 'close')
      res.once('finish', () => req.destroy())
      plain(res, status, headers, text)
    }
    if (!isAllowedOrigin(req.headers.origin, port)) {
      return refuse(403, `Refused: uploads are taken only from this console's own page (http://127.0.0.1:${port}).`)
    }
    if (!isAuthenticated(req)) {
      return refuse(401, 'Refused: no session. Reload the console page (or open a fresh URL from the terminal), then open the file again.')
    }
    const answer = await receiveUpload(req, uploads)
    if (!answer.ok) {
      // The rest of a refused body is not read: the connection closes once the refusal is sent.
      res.setHeader('Connection', 'close')
      res.once('finish', () => req.destroy())
      return plain(res, answer.status, headers, answer.message)
    }
    res.writeHead(200, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
    res.end(JSON.stringify({ id: answer.id, bytes: answer.bytes }))
  }

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // First of all: a raw socket without an 'error' listener turns a client's reset (ECONNRESET) into a crash.
    socket.on('error', () => socket.destroy())
    const refuse = (status: number, reason: string) => {
      socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
    }
    try {
      const path = (req.url ?? '').split('?')[0]
      if (path !== WEB_SOCKET_PATH) return refuse(404, 'Not Found')
      if (!isAllowedHost(req.headers.host, port)) return refuse(421, 'Misdirected Request')
      if (!isAllowedOrigin(req.headers.origin, port)) return refuse(403, 'Forbidden')
      if (!isAuthenticated(req)) return refuse(401, 'Unauthorized')
      sockets ??= import('./socket-server').then(m => m.createSocketServer(engine, uploads))
      sockets.then(
        server => {
          if (closing) return socket.destroy()
          firstScreen.connected()
          server.accept(req, socket, head)
        },
        () => refuse(500, 'Internal Server Error'),
      )
    } catch {
      if (!socket.destroyed) refuse(400, 'Bad Request')
    }
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(new Error(`Port ${options.port} on 127.0.0.1 is already in use. Choose another with --port, or omit it to pick a free one.`))
      } else reject(error)
    })
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  port = typeof address === 'object' && address ? address.port : 0
  cookieName = newSessionCookieName(port)
  const origin = `http://127.0.0.1:${port}`

  return {
    newLaunchUrl: () => `${origin}/?token=${launchTokens.issue()}`,
    origin,
    port,
    sessionSecret,
    cookieName,
    firstScreenShown: firstScreen.done,
    pageQuiet: () => firstScreen.quiet(),
    async close() {
      closing = true
      firstScreen.dispose()
      uploads.clear()
      if (sockets) (await sockets.catch(() => null))?.close()
      server.closeAllConnections()
      await new Promise<void>(resolve => server.close(() => resolve()))
    },
  }
}

function plain(res: ServerResponse, status: number, headers: Record<string, string>, text: string): void {
  res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(`${text}\n`)
}

/** Expires this port's session cookies left by earlier launches (each launch has a new name), so they do not pile up. */
function staleSessionCookies(header: string | undefined, current: string): string[] {
  if (!header) return []
  const prefix = current.slice(0, current.lastIndexOf('_') + 1)
  const names = new Set<string>()
  for (const part of header.split(';')) {
    const name = part.slice(0, part.indexOf('=')).trim()
    if (name !== current && name.startsWith(prefix) && /^[\w-]+$/.test(name)) names.add(name)
  }
  return [...names].map(name => `${name}=; Max-Age=0; HttpOnly; SameSite=Strict; Path=/`)
}
