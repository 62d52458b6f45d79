import { join } from 'node:path'
import { app, BrowserWindow, nativeTheme, session, shell } from 'electron'
import { APP_ORIGIN, registerAppScheme, serveRenderer } from './electron/app-protocol'
import { createRuntime, type Runtime } from './runtime/create-runtime'
import { createEmbeddedAuthWindowOpener } from './electron/embedded-auth-window'
import { limitNavigation, limitPermissions } from './electron/harden-session'
import { forwardEvents, registerIpc } from './electron/ipc'
import { createSafeStorageCipher } from './electron/safe-storage-cipher'
import { isSafeExternalUrl, mainWindowOptions } from './electron/window-options'

let runtime: Runtime | null = null

function openExternal(url: string): Promise<void> {
  if (!isSafeExternalUrl(url)) return Promise.reject(new Error('Only http(s) URLs are opened in the browser.'))
  return shell.openExternal(url)
}

async function createWindow(rt: Runtime): Promise<void> {
  const devUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined
  const appUrl = devUrl ?? `${APP_ORIGIN}/index.html`
  const win = new BrowserWindow(mainWindowOptions(join(import.meta.dirname, '../preload/index.cjs'), nativeTheme.shouldUseDarkColors))
  limitNavigation(win.webContents, appUrl, url => void openExternal(url))
  forwardEvents(rt.bus, win.webContents)
  win.once('ready-to-show', () => win.show())
  await win.loadURL(appUrl)
}

app.enableSandbox()
registerAppScheme()
app.whenReady().then(async () => {
  const devUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined
  limitPermissions(session.defaultSession, devUrl ? [APP_ORIGIN, devUrl] : [APP_ORIGIN])
  serveRenderer(session.defaultSession, join(import.meta.dirname, '../renderer'))
  runtime = await createRuntime({
    transport: 'electron',
    version: app.getVersion(),
    dataDir: app.getPath('userData'),
    cipher: createSafeStorageCipher(),
    openExternal,
    embeddedWindow: createEmbeddedAuthWindowOpener({ parent: () => BrowserWindow.getFocusedWindow() }),
  })
  registerIpc(runtime.registry, { appOrigin: APP_ORIGIN, devOrigin: devUrl })
  await createWindow(runtime)
  app.on('activate', () => {
    if (runtime && BrowserWindow.getAllWindows().length === 0) void createWindow(runtime)
  })
})

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})

app.on('will-quit', () => {
  void runtime?.close()
})
