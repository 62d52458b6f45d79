import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { _electron as electron, expect, test } from '@playwright/test'

const ROOT = resolve(import.meta.dirname, '../..')

/** Where the Electron binary is, without triggering electron's download-on-require (which fails offline). */
function electronBinary(): string | null {
  const dir = join(ROOT, 'node_modules/electron')
  const pathFile = join(dir, 'path.txt')
  if (!existsSync(pathFile)) return null
  const relative = readFileSync(pathFile, 'utf8').trim()
  const base = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(dir, 'dist')
  const full = join(base, relative)
  return existsSync(full) ? full : null
}

const binary = electronBinary()

test.describe('desktop app (Electron)', () => {
  test.skip(
    binary === null,
    'No Electron binary here: electron >= 42 downloads it on first use and this machine has no internet. ' +
      'Where `npx install-electron` works, these tests launch out/main/index.js (run `npm run build` first).',
  )

  test('opens a hardened window on the first screen, with only the narrow api exposed', async () => {
    const app = await electron.launch({ executablePath: binary ?? undefined, args: [join(ROOT, 'out/main/index.js')] })
    try {
      const window = await app.firstWindow()
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
      const prefs = await app.evaluate(({ BrowserWindow }) => {
        const contents = BrowserWindow.getAllWindows()[0]?.webContents as unknown as
          | { getLastWebPreferences(): Record<string, unknown> | null }
          | undefined
        const p = contents?.getLastWebPreferences()
        return { contextIsolation: p?.contextIsolation, sandbox: p?.sandbox, nodeIntegration: p?.nodeIntegration }
      })
      expect(prefs).toEqual({ contextIsolation: true, sandbox: true, nodeIntegration: false })
    } finally {
      await app.close()
    }
  })
})
