// The `electron` module for a main process run by plain Node (bench/desktop-main-start.ts): the Electron binary
// cannot run here. Every API answers as a quiet, headless Electron would at start; a window's loadURL is the moment
// the main process is ready (its first screen asked for): it prints `ready <CPU ms> <url>` and the page never
// finishes loading, so nothing after it runs and the process ends by itself.
/** Any property is a function that does nothing and returns the same stand-in (never a thenable). */
const quiet = new Proxy(() => {}, {
  get: (_t, key) => (key === 'then' ? undefined : quiet),
  apply: () => quiet,
  construct: () => quiet,
})
const standIn = fields => new Proxy(fields, { get: (t, key) => (key in t ? t[key] : key === 'then' ? undefined : quiet) })

const userData = process.env.PC_STAND_IN_USER_DATA ?? process.cwd()
export const app = standIn({
  isPackaged: false,
  whenReady: () => Promise.resolve(),
  getPath: () => userData,
  getVersion: () => '0.0.0-stand-in',
  requestSingleInstanceLock: () => true,
  commandLine: standIn({ getSwitchValue: () => '' }),
})
export class BrowserWindow {
  static getAllWindows = () => []
  webContents = standIn({ isDestroyed: () => false })
  on() {}
  once() {}
  isDestroyed = () => false
  loadURL(url) {
    const cpu = process.cpuUsage()
    process.stdout.write(`ready ${((cpu.user + cpu.system) / 1000).toFixed(1)} ${url}\n`)
    return new Promise(() => {})
  }
}
export const Menu = standIn({})
export const dialog = standIn({ showMessageBox: async () => ({ response: 0, checkboxChecked: false }) })
export const ipcMain = standIn({})
export const nativeTheme = standIn({ shouldUseDarkColors: false })
export const net = standIn({})
export const protocol = standIn({})
export const session = standIn({ defaultSession: standIn({}), fromPartition: () => standIn({}) })
export const shell = standIn({})
// A Linux keyring that works (the desktop cipher asks nothing then).
export const safeStorage = standIn({
  isAsyncEncryptionAvailable: async () => true,
  getSelectedStorageBackend: () => 'gnome_libsecret',
  encryptStringAsync: async text => Buffer.from(text, 'utf8'),
  decryptStringAsync: async data => ({ result: Buffer.from(data).toString('utf8'), shouldReEncrypt: false }),
})
export default { app, BrowserWindow, Menu, dialog, ipcMain, nativeTheme, net, protocol, session, shell, safeStorage }
