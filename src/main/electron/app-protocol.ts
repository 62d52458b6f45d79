import { pathToFileURL } from 'node:url'
import { net, protocol, type Session } from 'electron'
import { resolveInside } from '../engine/core/safe-path'

export const APP_SCHEME = 'app'
export const APP_ORIGIN = 'app://console'

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

/** Serves the built renderer folder on `app://console/`, refusing any path that leaves it. */
export function serveRenderer(session: Session, rendererDir: string): void {
  session.protocol.handle(APP_SCHEME, request => {
    const url = new URL(request.url)
    const file = url.host === 'console' ? resolveInside(rendererDir, url.pathname) : null
    if (!file) return new Response('Not found', { status: 404 })
    return net.fetch(pathToFileURL(file).toString())
  })
}
