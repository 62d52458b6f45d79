import type { Session, WebContents } from 'electron'
import { originOf } from './sender-guard'
import { isAppNavigation, isSafeExternalUrl } from './window-options'

/** The one permission the console uses: writing to the clipboard (every Copy button). Reading it stays denied. */
const ALLOWED_PERMISSION = 'clipboard-sanitized-write'

/** What Electron tells a permission handler about the frame asking. */
interface PermissionAsker {
  permission: string
  /** The URL the requesting frame last loaded (the request handler's `requestingUrl`, or the check's origin). */
  url: string | undefined
  isMainFrame: boolean
}

/**
 * The decision shared by both handlers: only `clipboard-sanitized-write`, only for the main frame of the console's own
 * page (app://console, or the dev server in development). Everything else — camera, notifications, clipboard-read,
 * any iframe, any other page — is denied.
 */
function isPermissionAllowed(asker: PermissionAsker, appOrigins: readonly string[]): boolean {
  if (asker.permission !== ALLOWED_PERMISSION || !asker.isMainFrame || !asker.url) return false
  const origin = originOf(asker.url)
  return origin !== null && appOrigins.some(allowed => originOf(allowed) === origin)
}

/**
 * Installs the permission handlers of the console's session: clipboard writes from the app's main frame, nothing else.
 * `appOrigins` are the origins the console's page is served from.
 */
export function limitPermissions(session: Session, appOrigins: readonly string[]): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionAllowed({ permission, url: details.requestingUrl, isMainFrame: details.isMainFrame }, appOrigins))
  })
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    isPermissionAllowed({ permission, url: details.requestingUrl ?? requestingOrigin, isMainFrame: details.isMainFrame }, appOrigins),
  )
}

/** Denies every permission request (camera, notifications, geolocation, …): for sessions that need none. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
}

/**
 * Keeps the window on the app: new windows are denied (http(s) links go to the system browser instead), navigation
 * away from the app's page is cancelled, and no webview can be attached.
 */
export function limitNavigation(contents: WebContents, appUrl: string, openExternal: (url: string) => void): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) openExternal(url)
    return { action: 'deny' }
  })
  contents.on('will-navigate', (event, url) => {
    if (!isAppNavigation(url, appUrl)) event.preventDefault()
  })
  contents.on('will-redirect', (event, url) => {
    if (!isAppNavigation(url, appUrl)) event.preventDefault()
  })
  contents.on('will-attach-webview', event => event.preventDefault())
}
