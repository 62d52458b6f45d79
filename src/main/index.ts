import { join } from 'node:path'
import { app, BrowserWindow, dialog, Menu, nativeTheme, session, shell } from 'electron'
import { appMenuTemplate, devToolsAllowed, PRODUCT_NAME } from './electron/app-menu'
import { APP_ORIGIN, registerAppScheme, serveRenderer } from './electron/app-protocol'
import { createDesktopCipher } from './electron/desktop-cipher'
import { createEmbeddedAuthWindowOpener } from './electron/embedded-auth-window'
import { limitNavigation, limitPermissions } from './electron/harden-session'
import { forwardEvents, registerIpc } from './electron/ipc'
import { offerLegacyImport } from './electron/legacy-import-offer'
import { claimSingleInstance, failStartup, focusWindow, offerReloadOnCrash, quitAfterClose } from './electron/lifecycle'
import { isSafeExternalUrl, mainWindowOptions } from './electron/window-options'
import { createRuntime, type Runtime } from './runtime/create-runtime'

let runtime: Runtime | null = null
let mainWindow: BrowserWindow | null = null

const devUrl = (!app.isPackaged && process.env.ELECTRON_RENDERER_URL) || undefined
const devTools = devToolsAllowed(app.isPackaged, process.argv, process.env)

function openExternal(url: string): Promise<void> {
  if (!isSafeExternalUrl(url)) return Promise.reject(new Error('Only http(s) URLs are opened in the browser.'))
  return shell.openExternal(url)
}

async function createWindow(rt: Runtime): Promise<void> {
  const appUrl = devUrl ?? `${APP_ORIGIN}/index.html`
  const preload = join(import.meta.dirname, '../preload/index.cjs')
  const win = new BrowserWindow(mainWindowOptions(preload, nativeTheme.shouldUseDarkColors, devTools))
  mainWindow = win
  limitNavigation(win.webContents, appUrl, url => void openExternal(url))
  offerReloadOnCrash(win.webContents, () => (win.isDestroyed() ? null : win))
  forwardEvents(rt.bus, win.webContents)
  win.once('ready-to-show', () => win.show())
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = null
  })
  await win.loadURL(appUrl)
}

/** The one-time storage question (desktop-cipher.ts) as a native dialog. */
async function askStorage(q: { title: string; message: string; detail: string; accept: string; decline: string }): Promise<boolean> {
  const { response } = await dialog.showMessageBox({
    type: 'warning',
    title: q.title,
    message: q.message,
    detail: q.detail,
    buttons: [q.accept, q.decline],
    defaultId: 0,
    cancelId: 1,
    noLink: true,
  })
  return response === 0
}

async function start(): Promise<void> {
  limitPermissions(session.defaultSession, devUrl ? [APP_ORIGIN, devUrl] : [APP_ORIGIN])
  serveRenderer(session.defaultSession, join(import.meta.dirname, '../renderer'))
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(process.platform, devTools)))
  const dataDir = app.getPath('userData')
  // The shared folder's one-time offer of the old web/CLI data (not for a --user-data-dir profile of its own).
  if (!userDataSwitch) await offerLegacyImport(dataDir)
  runtime = await createRuntime({
    transport: 'electron',
    version: app.getVersion(),
    dataDir,
    cipher: await createDesktopCipher({ dataDir, ask: askStorage }),
    openExternal,
    embeddedWindow: createEmbeddedAuthWindowOpener({ parent: () => mainWindow }),
  })
  const rt = runtime
  quitAfterClose(() => rt.close())
  registerIpc(rt.registry, { appOrigin: APP_ORIGIN, devOrigin: devUrl })
  await createWindow(rt)
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void createWindow(rt)
  })
}

// A temporary profile for tests and support (`--user-data-dir=<folder>`), before anything reads the default one.
const userDataSwitch = app.commandLine.getSwitchValue('user-data-dir')
if (userDataSwitch) app.setPath('userData', userDataSwitch)
app.setName(PRODUCT_NAME)

if (!claimSingleInstance(() => focusWindow(mainWindow))) {
  // Another instance owns this profile: it was asked to show its window; this one has nothing to do.
  app.quit()
} else {
  app.enableSandbox()
  registerAppScheme()
  app
    .whenReady()
    .then(start)
    .catch(error => failStartup(error, async () => runtime?.close()))
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
