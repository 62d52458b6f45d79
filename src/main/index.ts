import { join } from 'node:path'
import { app, BrowserWindow, dialog, Menu, nativeTheme, session, shell } from 'electron'
import { gatedRegistry } from './bridge/engine-gate'
import { appMenuTemplate, devToolsAllowed, PRODUCT_NAME } from './electron/app-menu'
import { APP_ORIGIN, registerAppScheme, serveRenderer } from './electron/app-protocol'
import { limitNavigation, limitPermissions } from './electron/harden-session'
import { forwardEvents, registerIpc } from './electron/ipc'
import { claimSingleInstance, failStartup, focusWindow, offerReloadOnCrash, pageLoadFailure, quitAfterClose } from './electron/lifecycle'
import { isSafeExternalUrl, mainWindowOptions } from './electron/window-options'
import type { Runtime } from './runtime/create-runtime'

let runtime: Runtime | null = null
let mainWindow: BrowserWindow | null = null

const devUrl = (!app.isPackaged && process.env.ELECTRON_RENDERER_URL) || undefined
const devTools = devToolsAllowed(app.isPackaged, process.argv, process.env)

function openExternal(url: string): Promise<void> {
  if (!isSafeExternalUrl(url)) return Promise.reject(new Error('Only http(s) URLs are opened in the browser.'))
  return shell.openExternal(url)
}

/** Opens the console's window; its bridge calls wait for the engine (bridge/engine-gate.ts), its events flow once it is up. */
async function createWindow(engine: Promise<Runtime>): Promise<void> {
  const appUrl = devUrl ?? `${APP_ORIGIN}/index.html`
  const preload = join(import.meta.dirname, '../preload/index.cjs')
  const win = new BrowserWindow(mainWindowOptions(preload, nativeTheme.shouldUseDarkColors, devTools))
  mainWindow = win
  limitNavigation(win.webContents, appUrl, url => void openExternal(url))
  offerReloadOnCrash(win.webContents, () => (win.isDestroyed() ? null : win))
  engine.then(
    rt => {
      if (!win.isDestroyed()) forwardEvents(rt.bus, win.webContents)
    },
    () => {},
  )
  win.once('ready-to-show', () => win.show())
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = null
  })
  // The page loads from this process (app-protocol.ts): its first screen is out when loadURL settles. A page that
  // cannot load ends the start with the reason (failStartup), never a blank window.
  await win.loadURL(appUrl).catch(error => {
    const failure = pageLoadFailure(error, appUrl, devUrl !== undefined)
    if (failure) throw failure
  })
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

/**
 * The engine, loaded only now: its modules (the composition root, zod, undici, the sandbox…) are not on the path of the
 * window's first screen. The one-time questions (the old data folder, where secrets are kept) come first, over the
 * window.
 */
async function startEngine(dataDir: string): Promise<Runtime> {
  const [{ createRuntime }, { createDesktopCipher }, { offerLegacyImport }, { createEmbeddedAuthWindowOpener }] = await Promise.all([
    import('./runtime/create-runtime'),
    import('./electron/desktop-cipher'),
    import('./electron/legacy-import-offer'),
    import('./electron/embedded-auth-window'),
  ])
  // The shared folder's one-time offer of the old web/CLI data (not for a --user-data-dir profile of its own).
  if (!userDataSwitch) await offerLegacyImport(dataDir)
  return createRuntime({
    transport: 'electron',
    version: app.getVersion(),
    dataDir,
    cipher: await createDesktopCipher({ dataDir, ask: askStorage }),
    openExternal,
    embeddedWindow: createEmbeddedAuthWindowOpener({ parent: () => mainWindow }),
  })
}

/**
 * The window first, the engine after: the window is asked to load its page at once, with every bridge channel already
 * answering (calls wait for the engine), and the engine starts once the page has its first screen.
 */
async function start(): Promise<void> {
  limitPermissions(session.defaultSession, devUrl ? [APP_ORIGIN, devUrl] : [APP_ORIGIN])
  serveRenderer(session.defaultSession, join(import.meta.dirname, '../renderer'))
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(process.platform, devTools)))
  const dataDir = app.getPath('userData')
  let engineUp: (rt: Runtime) => void = () => {}
  let engineFailed: (error: unknown) => void = () => {}
  const engine = new Promise<Runtime>((resolve, reject) => {
    engineUp = resolve
    engineFailed = reject
  })
  engine.catch(() => {})
  quitAfterClose(async () => (await engine.catch(() => null))?.close())
  registerIpc(gatedRegistry(engine, 'Quit the console and start it again; if it fails again, the reason shows when it starts.'), {
    appOrigin: APP_ORIGIN,
    devOrigin: devUrl,
  })
  await createWindow(engine)
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow(engine).catch(error => failStartup(error, async () => runtime?.close()))
  })
  try {
    runtime = await startEngine(dataDir)
    engineUp(runtime)
    // The window has its first screen by now: the one-time warm-up (Runtime.warmUp), after the engine's first answers.
    const started = runtime
    setImmediate(() => started.warmUp())
  } catch (error) {
    engineFailed(error)
    throw error
  }
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
