import type { BrowserWindowConstructorOptions } from 'electron'
import { originOf } from './sender-guard'

/**
 * The main window's options: every hardening switch of Electron's security checklist that lives here, in one place
 * so a unit test can read them. The preload is the only bridge; the page has no Node.
 */
export function mainWindowOptions(preloadPath: string, dark: boolean, devTools = false): BrowserWindowConstructorOptions {
  return {
    width: 1440,
    height: 900,
    minWidth: 1024,
    minHeight: 700,
    show: false,
    title: 'Partner API Console',
    backgroundColor: dark ? '#1e1f22' : '#ffffff',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      enableBlinkFeatures: undefined,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
      // Off in the production build (no shortcut or menu can open it); on in development or with --devtools.
      devTools,
    },
  }
}

/** Only http(s) URLs are ever handed to the OS (shell.openExternal); anything else could launch a program. */
export function isSafeExternalUrl(raw: string): boolean {
  try {
    const url = new URL(raw)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

/** Navigation of the main window is limited to the app's own origin (app://console, or the dev server). */
export function isAppNavigation(target: string, appUrl: string): boolean {
  const t = originOf(target)
  return t !== null && t === originOf(appUrl)
}
