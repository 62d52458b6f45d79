import { pathToFileURL } from 'node:url'
import { net, protocol, type Session } from 'electron'
import { HEAD_SCRIPT_CSP_SOURCE } from '../../shared/head-script'
import { resolveInside } from '../engine/core/safe-path'

const APP_SCHEME = 'app'
export const APP_ORIGIN = 'app://console'

/**
 * The desktop renderer's Content-Security-Policy, sent as a header on every `app://` response (a header also covers
 * what a `<meta>` cannot: frame-ancestors, and content before the meta is parsed). Scripts only from the app; the
 * bridge is IPC, so no network connection is needed at all. Monaco needs inline styles and blob workers.
 */
export const DESKTOP_CSP = [
  "default-src 'self'",
  `script-src 'self' ${HEAD_SCRIPT_CSP_SOURCE}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * The renderer is served from `app://console/` rather than file:// (Electron security checklist #18): a page on a
 * standard, secure custom scheme has an origin of its own and none of file://'s extra privileges. Must run before
 * `app.whenReady()`.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ])
}

/** Answers one `app://` request: a file of the built renderer with the CSP and nosniff headers, or 404 (outside it, or missing). */
export async function rendererResponse(rendererDir: string, requestUrl: string): Promise<Response> {
  const url = new URL(requestUrl)
  const file = url.host === 'console' ? resolveInside(rendererDir, url.pathname) : null
  const security = { 'Content-Security-Policy': DESKTOP_CSP, 'X-Content-Type-Options': 'nosniff' }
  const found = file ? await net.fetch(pathToFileURL(file).toString()).catch(() => null) : null
  if (!found?.ok) return new Response('Not found', { status: 404, headers: security })
  const headers = new Headers(found.headers)
  for (const [name, value] of Object.entries(security)) headers.set(name, value)
  return new Response(found.body, { status: found.status, statusText: found.statusText, headers })
}

/** Serves the built renderer folder on `app://console/`, refusing any path that leaves it. */
export function serveRenderer(session: Session, rendererDir: string): void {
  session.protocol.handle(APP_SCHEME, request => rendererResponse(rendererDir, request.url))
}
