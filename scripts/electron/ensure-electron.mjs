// The one place that decides which Electron executable `npm start` and `npm run dist` use, fetching electron's binary
// once when it is missing. Failures become one message for people (ElectronUnavailable), never a stack trace.
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import {
  downloadElectronArchive,
  ElectronDownloadError,
  electronPackageDir,
  installedElectron,
  isExecutableFile,
  progressPrinter,
  runElectronInstaller,
  targetOf,
} from './electron-binary.mjs'

/** A reason Electron cannot be used here, worded for the person who ran the command. */
export class ElectronUnavailable extends Error {
  constructor(message) {
    super(message)
    this.name = 'ElectronUnavailable'
  }
}

/** What to do instead, per command: `npm start` can fall back to the browser console, `npm run dist` cannot. */
function nextSteps(purpose) {
  const steps = [
    '  - Behind a proxy: set HTTPS_PROXY and ELECTRON_GET_USE_PROXY=1. With a mirror: set ELECTRON_MIRROR. Then run it again.',
    '  - Already have an Electron 45 build: ELECTRON_EXEC_PATH=/path/to/electron npm start (nothing is downloaded).',
  ]
  if (purpose === 'start') steps.push('  - Or use the same console in your browser, no Electron needed:  npm run web')
  else {
    steps[1] = '  - Already have that Electron 45 (unpacked, or its zip): npm run dist -- -c.electronDist=/path/to/it'
    steps.push('  - Installers can only be built where Electron can be had (electron-builder packs that binary).')
  }
  return steps.join('\n')
}

/**
 * The Electron executable to run: ELECTRON_EXEC_PATH when set (nothing is downloaded), the installed binary, or the
 * binary fetched now with progress. Throws ElectronUnavailable with a complete message otherwise.
 */
export async function ensureElectron({ root, env = process.env, purpose = 'start', out = process.stdout } = {}) {
  if (env.ELECTRON_EXEC_PATH) {
    if (isExecutableFile(env.ELECTRON_EXEC_PATH)) return env.ELECTRON_EXEC_PATH
    throw new ElectronUnavailable(
      `ELECTRON_EXEC_PATH is set to ${env.ELECTRON_EXEC_PATH}, which is not an executable file.\n` +
        'Point it at an Electron 45 executable, or unset it to use (and if needed download) the project’s own Electron.',
    )
  }
  const dir = electronPackageDir(root)
  const found = installedElectron(dir, env)
  if (found) return found
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    throw new ElectronUnavailable(
      `ELECTRON_OVERRIDE_DIST_PATH is set to ${env.ELECTRON_OVERRIDE_DIST_PATH}, but no Electron executable is there.\n` +
        'Unset it to download the project’s own Electron, or point it at an unpacked Electron 45 folder.',
    )
  }
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
  const { platform, arch } = targetOf(env)
  const label = `Downloading Electron ${version} (${platform}-${arch})`
  out.write(`Electron's own binary is not installed yet: fetching it once into ${relative(root, dir)}/dist (about 100 MB).\n`)
  try {
    await downloadElectronArchive(dir, { env, onProgress: progressPrinter(label, out) })
    out.write('Unpacking Electron (install-electron)…\n')
    await runElectronInstaller(dir, { env })
  } catch (error) {
    if (!(error instanceof ElectronDownloadError)) throw error
    throw new ElectronUnavailable(
      `Could not download Electron ${version} for ${platform}-${arch}${error.url ? ` from ${error.url}` : ''}: ${error.message}.\n` +
        `${purpose === 'start' ? 'The desktop app' : 'Packaging'} needs Electron's own binary, and it cannot be fetched from this machine.\n` +
        nextSteps(purpose),
    )
  }
  const installed = installedElectron(dir, env)
  if (installed) return installed
  throw new ElectronUnavailable(
    `install-electron finished, but no Electron executable is in ${relative(root, dir)}/dist.\n${nextSteps(purpose)}`,
  )
}

/**
 * The Electron zip for `platform`-`arch` in @electron/get's cache (downloaded now, with progress, when missing), for
 * packaging. Throws ElectronUnavailable with a complete message when it cannot be fetched.
 */
export async function electronArchive({ root, platform, arch, env = process.env, out = process.stdout }) {
  const dir = electronPackageDir(root)
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
  const targetEnv = { ...env, ELECTRON_INSTALL_PLATFORM: platform, ELECTRON_INSTALL_ARCH: arch }
  try {
    return await downloadElectronArchive(dir, {
      env: targetEnv,
      onProgress: progressPrinter(`Downloading Electron ${version} (${platform}-${arch})`, out),
    })
  } catch (error) {
    if (!(error instanceof ElectronDownloadError)) throw error
    throw new ElectronUnavailable(
      `Could not download Electron ${version} for ${platform}-${arch}${error.url ? ` from ${error.url}` : ''}: ${error.message}.\n` +
        "Packaging needs Electron's own binary for the target platform, and it cannot be fetched from this machine.\n" +
        nextSteps('dist'),
    )
  }
}

/** True when the running Node satisfies package.json `engines` (Node 22.22.2+, 24.15+ or 26+). */
export function nodeIsSupported(version = process.versions.node) {
  const [major, minor, patch] = version.split('.').map(Number)
  if (major === 22) return minor > 22 || (minor === 22 && patch >= 2)
  if (major === 24) return minor >= 15
  return major >= 26
}
