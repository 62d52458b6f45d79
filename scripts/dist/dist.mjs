// `npm run dist [-- --linux|--mac|--win] [--dir] [electron-builder options]`: builds the app (electron-vite build) and
// packs installers from out/ with electron-builder (electron-builder.json: AppImage + deb, dmg, NSIS; fuses flipped
// in scripts/dist/after-pack.mjs). The Electron it packs is fetched first, with progress, so that where it cannot be
// downloaded the command stops within seconds with one message instead of a builder stack trace.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { electronArchive, ElectronUnavailable, nodeIsSupported } from '../electron/ensure-electron.mjs'
import { electronPackageDir, installedElectron } from '../electron/electron-binary.mjs'

const root = join(import.meta.dirname, '../..')
const PLATFORMS = { '--linux': 'linux', '--mac': 'darwin', '--win': 'win32' }

if (!nodeIsSupported()) {
  console.error(`Node ${process.version} is older than this project needs (Node 24 LTS, or 22.22.2 and later). Install Node 24 and run npm ci again.`)
  process.exit(1)
}

const args = process.argv.slice(2)
const chosen = args.filter(a => a in PLATFORMS)
if (chosen.length > 1) {
  console.error('npm run dist packs one platform per run: give one of --linux, --mac, --win (default: this machine’s).')
  process.exit(2)
}
const platform = chosen.length ? PLATFORMS[chosen[0]] : process.platform
const arch = process.env.ELECTRON_INSTALL_ARCH || process.arch
const flag = Object.entries(PLATFORMS).find(([, p]) => p === platform)?.[0]
if (!flag) {
  console.error(`Installers are built for Linux, macOS and Windows; this machine is ${platform}. Pass --linux, --mac or --win.`)
  process.exit(2)
}

/** The Electron electron-builder packs: the user's -c.electronDist, this machine's installed one, or the fetched zip. */
async function electronDist() {
  if (args.some(a => /^(-c|--config)\.electronDist=/.test(a))) return null
  if (platform === process.platform && arch === process.arch && installedElectron(electronPackageDir(root))) {
    return join(electronPackageDir(root), 'dist')
  }
  return electronArchive({ root, platform, arch })
}

let dist
try {
  dist = await electronDist()
} catch (error) {
  if (!(error instanceof ElectronUnavailable)) throw error
  console.error(`\n${error.message}`)
  process.exit(1)
}

const run = (command, commandArgs) => spawnSync(process.execPath, [command, ...commandArgs], { cwd: root, stdio: 'inherit' }).status ?? 1

console.log('Building the app (electron-vite build)…')
if (run(join(root, 'node_modules/electron-vite/bin/electron-vite.js'), ['build']) !== 0) process.exit(1)

console.log(`Packing for ${platform}-${arch} with electron-builder…`)
const builderArgs = [flag, `--${arch}`, ...args.filter(a => !(a in PLATFORMS))]
if (dist) builderArgs.push(`-c.electronDist=${dist}`)
process.exit(run(join(root, 'node_modules/electron-builder/cli.js'), builderArgs))
