import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { app, BrowserWindow, nativeTheme, session, shell } from 'electron'
import { createRuntime, type Runtime } from './runtime/create-runtime'
import { denyAllPermissions, limitNavigation } from './electron/harden-session'
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
  const indexFile = join(import.meta.dirname, '../renderer/index.html')
  const appUrl = devUrl ?? pathToFileURL(indexFile).toString()
  const win = new BrowserWindow(mainWindowOptions(join(import.meta.dirname, '../preload/index.cjs'), nativeTheme.shouldUseDarkColors))
  limitNavigation(win.webContents, appUrl, (url) => void openExternal(url))
  forwardEvents(rt.bus, win.webContents)
  win.once('ready-to-show', () => win.show())
  if (devUrl) await win.loadURL(devUrl)
  else await win.loadFile(indexFile)
}

app.enableSandbox()
app.whenReady().then(async () => {
  denyAllPermissions(session.defaultSession)
  runtime = await createRuntime({
    transport: 'electron',
    version: app.getVersion(),
    dataDir: app.getPath('userData'),
    cipher: createSafeStorageCipher(),
    openExternal,
  })
  const devUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined
  registerIpc(runtime.registry, {
    fileUrl: pathToFileURL(join(import.meta.dirname, '../renderer/index.html')).toString(),
    devOrigin: devUrl,
  })
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
