import { randomBytes } from 'node:crypto'
import { BrowserWindow, type BrowserWindowConstructorOptions, session } from 'electron'
import type {
  EmbeddedWindowOpener,
  EmbeddedWindowOutcome,
  EmbeddedWindowRequest,
  EmbeddedWindowSession,
} from '../engine/oauth/embedded-window-port'
import { matchesRedirectUri } from '../engine/oauth/redirect-match'

/**
 * Options of the embedded authorization window: an in-memory partition of its own (no `persist:` prefix, so cookies
 * and storage vanish with it and never mix with the console's), sandboxed, context-isolated, no preload, no Node.
 */
export function embeddedAuthWindowOptions(partition: string, title: string, parent?: BrowserWindow): BrowserWindowConstructorOptions {
  return {
    width: 560,
    height: 760,
    title,
    parent,
    modal: false,
    autoHideMenuBar: true,
    webPreferences: {
      partition,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
    },
  }
}

/** A fresh in-memory partition name per window (never `persist:`). */
export function newAuthPartition(): string {
  return `oauth-embedded-${randomBytes(8).toString('hex')}`
}

/**
 * The Electron side of the embedded catch mode (a debugging aid: RFC 8252 discourages embedded user agents for
 * production apps). Opens the authorize URL in an isolated window and watches every way the page can reach the
 * registered redirect URI (webRequest for http(s) main-frame requests, will-navigate and will-redirect for any scheme,
 * did-navigate as a last resort); the first match is stopped before the request leaves and handed to the engine.
 */
export function createEmbeddedAuthWindowOpener(options: { parent?: () => BrowserWindow | null } = {}): EmbeddedWindowOpener {
  return {
    open(request: EmbeddedWindowRequest): EmbeddedWindowSession {
      const partition = newAuthPartition()
      const ses = session.fromPartition(partition, { cache: false })
      ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
      ses.setPermissionCheckHandler(() => false)
      const win = new BrowserWindow(embeddedAuthWindowOptions(partition, request.title, options.parent?.() ?? undefined))
      let settle: (outcome: EmbeddedWindowOutcome) => void = () => {}
      let settled = false
      const outcome = new Promise<EmbeddedWindowOutcome>(resolve => {
        settle = o => {
          if (settled) return
          settled = true
          resolve(o)
        }
      })
      /** True (and the outcome settled) when `url` lands on the redirect URI. */
      const intercept = (url: string): boolean => {
        if (!matchesRedirectUri(url, request.redirectUri)) return false
        settle({ kind: 'redirect', url })
        return true
      }
      ses.webRequest.onBeforeRequest({ urls: ['<all_urls>'], types: ['mainFrame'] }, (details, callback) => {
        callback(intercept(details.url) ? { cancel: true } : {})
      })
      const contents = win.webContents
      contents.on('will-navigate', event => {
        if (intercept(event.url)) event.preventDefault()
      })
      contents.on('will-redirect', event => {
        if (intercept(event.url)) event.preventDefault()
      })
      contents.on('did-navigate', (_event, url) => {
        intercept(url)
      })
      contents.setWindowOpenHandler(() => ({ action: 'deny' }))
      contents.on('will-attach-webview', event => event.preventDefault())
      win.on('closed', () => {
        settle({ kind: 'closed' })
        void ses.clearStorageData().catch(() => {})
      })
      // Loading is aborted on purpose when the redirect is intercepted (ERR_ABORTED): not an error.
      void win.loadURL(request.authorizeUrl).catch(() => {})
      return {
        outcome,
        close: () => {
          if (!win.isDestroyed()) win.close()
        },
      }
    },
  }
}
