import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { type ElectronApplication, _electron as electron, expect, test } from '@playwright/test'
import { electronPackageDir, installedElectron, isExecutableFile } from '../../scripts/electron/electron-binary.mjs'

const ROOT = resolve(import.meta.dirname, '../..')

/** The Electron to drive: ELECTRON_EXEC_PATH, or the installed one. Never triggers electron's download-on-require. */
function electronBinary(): string | null {
  const fromEnv = process.env.ELECTRON_EXEC_PATH
  if (fromEnv) return isExecutableFile(fromEnv) ? fromEnv : null
  return installedElectron(electronPackageDir(ROOT))
}

const binary = electronBinary()
const noDisplay = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY

test.describe('desktop app (Electron)', () => {
  test.skip(
    binary === null,
    'No Electron binary here: electron >= 42 downloads it on first use and this machine cannot download it. ' +
      'Where `npm start` (or `npx install-electron`) has fetched it, these tests launch out/main/index.js (`npm run build` first).',
  )
  test.skip(noDisplay, 'Electron needs a display: on Linux without one, run the tests under xvfb-run (bash .ci/run does).')

  let userData = ''
  let app: ElectronApplication | undefined
  test.beforeEach(() => {
    // A temporary profile for each test: never the user's real one (vault, environments, lock file).
    userData = mkdtempSync(join(tmpdir(), 'pc-electron-'))
  })
  test.afterEach(async () => {
    await app?.close()
    app = undefined
    rmSync(userData, { recursive: true, force: true })
  })

  async function launch(): Promise<ElectronApplication> {
    // The built app, never a dev server a surrounding `npm start` may have announced.
    const { ELECTRON_RENDERER_URL: _devServer, ...env } = process.env
    app = await electron.launch({
      executablePath: binary ?? undefined,
      args: [join(ROOT, 'out/main/index.js'), `--user-data-dir=${userData}`],
      env: env as Record<string, string>,
    })
    return app
  }

  test('keeps its data in the temporary profile it was given, and holds that folder', async () => {
    const running = await launch()
    await running.firstWindow()
    const paths = await running.evaluate(({ app }) => ({ userData: app.getPath('userData'), name: app.getName() }))
    expect(paths).toEqual({ userData, name: 'Partner API Console' })
    // The runtime takes the folder's lock (synchronously, in createRuntime) before the window exists: no polling.
    expect(existsSync(join(userData, 'console.lock'))).toBe(true)
    expect(JSON.parse(readFileSync(join(userData, 'console.lock'), 'utf8'))).toMatchObject({ kind: 'desktop app' })
  })

  test('opens a hardened window on the first screen, with only the narrow api exposed', async () => {
    const running = await launch()
    const window = await running.firstWindow()
    await expect(window.getByRole('heading', { name: 'Overview' })).toBeVisible()
    const surface = await window.evaluate(() => {
      const w = globalThis as unknown as { api?: Record<string, unknown>; require?: unknown; process?: unknown }
      return {
        hasApi: typeof w.api === 'object',
        domains: Object.keys(w.api ?? {}).sort(),
        hasRequire: typeof w.require !== 'undefined',
        hasProcess: typeof w.process !== 'undefined',
        hasIpcRenderer: 'ipcRenderer' in (w.api ?? {}),
      }
    })
    expect(surface.hasApi).toBe(true)
    expect(surface.domains).toContain('app')
    expect(surface.domains).toContain('on')
    expect(surface.hasRequire).toBe(false)
    expect(surface.hasProcess).toBe(false)
    expect(surface.hasIpcRenderer).toBe(false)
    const prefs = await running.evaluate(({ BrowserWindow }) => {
      const contents = BrowserWindow.getAllWindows()[0]?.webContents as unknown as
        | { getLastWebPreferences(): Record<string, unknown> | null }
        | undefined
      const p = contents?.getLastWebPreferences()
      return { contextIsolation: p?.contextIsolation, sandbox: p?.sandbox, nodeIntegration: p?.nodeIntegration }
    })
    expect(prefs).toEqual({ contextIsolation: true, sandbox: true, nodeIntegration: false })
  })
})
