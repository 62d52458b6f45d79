import type { Session, WebContents } from 'electron'
import { isAppNavigation, isSafeExternalUrl } from './window-options'

/** Denies every permission request (camera, notifications, geolocation, …): the console needs none. */
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
