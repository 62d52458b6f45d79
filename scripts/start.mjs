// `npm start`: the desktop app in development. Makes sure Electron's binary is there (ELECTRON_EXEC_PATH, the
// installed one, or fetched once with progress), then runs `electron-vite dev` with it. Where Electron cannot be had,
// it stops within seconds with one message that names `npm run web`, the same console in a browser.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { ElectronUnavailable, ensureElectron, nodeIsSupported } from './electron/ensure-electron.mjs'

const root = join(import.meta.dirname, '..')

if (!nodeIsSupported()) {
  console.error(
    `Node ${process.version} is older than this project needs (Node 24 LTS, or 22.22.2 and later; electron 45's installer needs 22.12).\n` +
      'Install Node 24 from https://nodejs.org (or with your version manager) and run npm ci again.',
  )
  process.exit(1)
}

let executable
try {
  executable = await ensureElectron({ root, purpose: 'start' })
} catch (error) {
  if (!(error instanceof ElectronUnavailable)) throw error
  console.error(`\n${error.message}`)
  process.exit(1)
}
linuxSandboxNote(executable)

const electronVite = join(root, 'node_modules/electron-vite/bin/electron-vite.js')
const child = spawn(process.execPath, [electronVite, 'dev', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ELECTRON_EXEC_PATH: executable },
})
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))

/**
 * Ubuntu 24.04 and later restrict unprivileged user namespaces (AppArmor), which Chromium's sandbox needs; a
 * development Electron then refuses to start unless its chrome-sandbox helper is setuid root. Say so before it fails.
 */
function linuxSandboxNote(exe) {
  if (process.platform !== 'linux') return
  let restricted = false
  try {
    restricted = readFileSync('/proc/sys/kernel/apparmor_restrict_unprivileged_userns', 'utf8').trim() === '1'
  } catch {
    return
  }
  const helper = join(exe, '..', 'chrome-sandbox')
  const setuidRoot =
    existsSync(helper) &&
    (() => {
      const s = statSync(helper)
      return s.uid === 0 && (s.mode & 0o4000) !== 0
    })()
  if (!restricted || setuidRoot) return
  console.warn(
    "Note: this system restricts unprivileged user namespaces (Ubuntu 24.04+ AppArmor), so Electron's sandbox needs its helper\n" +
      `to be setuid root:  sudo chown root:root ${helper} && sudo chmod 4755 ${helper}\n` +
      'See "Ubuntu 24.04 and later" in the README. The installed app (deb, AppImage) is not affected in the same way.',
  )
}
