import { BrowserWindow, type BrowserWindowConstructorOptions, type Session, session } from 'electron'
import type {
  EmbeddedWindowOpener,
  EmbeddedWindowOutcome,
  EmbeddedWindowRequest,
  EmbeddedWindowSession,
} from '../engine/oauth/embedded-window-port'
import { matchesRedirectUri } from '../engine/oauth/redirect-match'

/**
 * Options of the embedded authorization window: the in-memory authorization partition (no `persist:` prefix, so cookies
 * and storage never reach disk and never mix with the console's), sandboxed, context-isolated, no preload, no Node.
 */
function embeddedAuthWindowOptions(partition: string, title: string, parent?: BrowserWindow): BrowserWindowConstructorOptions {
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

/**
 * The one in-memory partition every embedded authorization window uses (never `persist:`): cookies and storage live
 * only in memory and are wiped when each window closes. One partition for the app's lifetime, not one per attempt,
 * because Electron keeps every partition it was asked for until the app quits.
 */
const AUTH_PARTITION = 'oauth-embedded'

/**
 * The Electron side of the embedded catch mode (a debugging aid: RFC 8252 discourages embedded user agents for
 * production apps). Opens the authorize URL in an isolated window and watches every way the page can reach the
 * registered redirect URI (webRequest for http(s) main-frame requests, will-navigate and will-redirect for any scheme,
 * did-navigate as a last resort); the first match is stopped before the request leaves and handed to the engine.
 */
export function createEmbeddedAuthWindowOpener(options: { parent?: () => BrowserWindow | null } = {}): EmbeddedWindowOpener {
  /** Open attempts by the id of their window's webContents: the shared session's request hook routes to them. */
  const attempts = new Map<number, (url: string) => boolean>()
  let shared: Session | null = null
  const authSession = (): Session => {
    if (shared) return shared
    const ses = session.fromPartition(AUTH_PARTITION, { cache: false })
    ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
    ses.setPermissionCheckHandler(() => false)
    ses.webRequest.onBeforeRequest({ urls: ['<all_urls>'], types: ['mainFrame'] }, (details, callback) => {
      const intercept = details.webContentsId === undefined ? undefined : attempts.get(details.webContentsId)
      callback(intercept?.(details.url) ? { cancel: true } : {})
    })
    shared = ses
    return ses
  }

  return {
    open(request: EmbeddedWindowRequest): EmbeddedWindowSession {
      const ses = authSession()
      const win = new BrowserWindow(embeddedAuthWindowOptions(AUTH_PARTITION, request.title, options.parent?.() ?? undefined))
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
      const contents = win.webContents
      const contentsId = contents.id
      attempts.set(contentsId, intercept)
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
        attempts.delete(contentsId)
        settle({ kind: 'closed' })
        // The next attempt starts signed out: nothing of this one (cookies, storage) is kept.
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
