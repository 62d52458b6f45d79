// Finds Electron's own binary, and fetches it once when it is missing (electron >= 42 no longer downloads it at
// install time, and electron-vite only reads node_modules/electron/path.txt). The download goes through the same
// @electron/get that electron's `install-electron` uses, with the same version, checksums, mirror and cache, so that
// `install-electron` then finds the archive in the cache and only extracts it: the install logic stays electron's own,
// this module adds a progress line and a bound on how long a dead network can hold `npm start`.
import { execFileSync, spawn } from 'node:child_process'
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

/** The folder of the installed `electron` package, resolved the way the project resolves it. */
export function electronPackageDir(root) {
  return dirname(createRequire(resolve(root, 'package.json')).resolve('electron/package.json'))
}

/** The executable's path inside an Electron dist folder, per platform (electron's own install.js table). */
export function platformPath(platform) {
  if (platform === 'darwin' || platform === 'mas') return 'Electron.app/Contents/MacOS/Electron'
  if (platform === 'win32') return 'electron.exe'
  return 'electron'
}

/** True when `file` is a regular file this user may execute. */
export function isExecutableFile(file) {
  try {
    if (!statSync(file).isFile()) return false
    if (process.platform !== 'win32') accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/**
 * Where the installed binary is, or null: `path.txt` + `dist/` as electron's index.js reads them, or
 * ELECTRON_OVERRIDE_DIST_PATH when set. Never downloads (unlike `require('electron')`).
 */
export function installedElectron(dir, env = process.env) {
  const pathFile = join(dir, 'path.txt')
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : ''
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const full = join(env.ELECTRON_OVERRIDE_DIST_PATH, relative || platformPath(process.platform))
    return isExecutableFile(full) ? full : null
  }
  if (!relative) return null
  const full = join(dir, 'dist', relative)
  return isExecutableFile(full) ? full : null
}

/** The platform and architecture `install-electron` will ask for (same environment variables, same Rosetta check). */
export function targetOf(env = process.env) {
  const platform = env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || process.platform
  let arch = env.ELECTRON_INSTALL_ARCH || env.npm_config_arch || process.arch
  if (platform === 'darwin' && process.platform === 'darwin' && arch === 'x64' && env.npm_config_arch === undefined) {
    try {
      if (execFileSync('sysctl', ['-in', 'sysctl.proc_translated']).toString().trim() === '1') arch = 'arm64'
    } catch {
      // not under Rosetta
    }
  }
  return { platform, arch }
}

/** ELECTRON_MIRROR, ELECTRON_CUSTOM_DIR and ELECTRON_CUSTOM_FILENAME (or their npm_config_ forms) from `env`. */
function mirrorOptionsOf(env) {
  const pick = name => env[`npm_config_electron_${name}`] || env[`ELECTRON_${name.toUpperCase()}`] || undefined
  const options = { mirror: pick('mirror'), customDir: pick('custom_dir'), customFilename: pick('custom_filename') }
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined))
}

/** A download that fails: `reason` is one line for people (never a stack). */
export class ElectronDownloadError extends Error {
  constructor(reason, url) {
    super(reason)
    this.name = 'ElectronDownloadError'
    this.url = url
  }
}

/** One line for the most common network failures, from fetch's error and its `cause`. */
export function describeNetworkError(error) {
  const cause = error?.cause
  const code = cause?.code ?? error?.code
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `the host name could not be resolved (${code}): no network or no DNS`
  if (code === 'ECONNREFUSED') return `the connection was refused (${cause?.address ?? ''}${cause?.port ? `:${cause.port}` : ''})`
  if (code === 'ECONNRESET') return 'the connection was reset'
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') return 'the connection timed out'
  if (error?.name === 'HTTPError' && error.response) return `the server answered ${error.response.status} ${error.response.statusText}`
  if (/checksum|sha/i.test(String(error?.message))) return `the download did not match electron's checksums (${error.message})`
  const text = cause?.message ?? error?.message ?? String(error)
  return text.split('\n')[0]
}

/**
 * Downloads Electron's zip for the installed electron version into @electron/get's cache, reporting progress, and
 * aborting when nothing arrives for `stallMs` (a dead or black-holed network stops `npm start` within seconds, not
 * after the OS's TCP timeout). Resolves with the archive's path.
 */
export async function downloadElectronArchive(dir, { onProgress = () => {}, stallMs = 20_000, env = process.env } = {}) {
  const require = createRequire(join(dir, 'package.json'))
  const { version } = require('./package.json')
  const get = await import(pathToFileURL(require.resolve('@electron/get')).href)
  const { platform, arch } = targetOf(env)
  const details = {
    version,
    artifactName: 'electron',
    platform,
    arch,
    force: env.force_no_cache === 'true',
    cacheRoot: env.electron_config_cache,
    checksums: env.electron_use_remote_checksums || env.npm_config_electron_use_remote_checksums ? undefined : require('./checksums.json'),
    // @electron/get reads the mirror variables from process.env first; these carry `env`'s when they differ.
    mirrorOptions: mirrorOptionsOf(env),
  }
  let url
  // @electron/get's own fetch downloader, wrapped only to learn the URL it chose (mirror variables apply).
  const fetcher = new get.FetchDownloader()
  const downloader = {
    download: (from, target, options) => {
      url ??= from
      return fetcher.download(from, target, options)
    },
  }
  const controller = new AbortController()
  let timer
  const arm = () => {
    clearTimeout(timer)
    timer = setTimeout(() => controller.abort(new Error(`nothing was received for ${stallMs / 1000} s`)), stallMs)
    timer.unref?.()
  }
  arm()
  try {
    return await get.downloadArtifact({
      ...details,
      downloader,
      downloadOptions: {
        quiet: true,
        signal: controller.signal,
        getProgressCallback: progress => {
          arm()
          onProgress(progress)
        },
      },
    })
  } catch (error) {
    const reason = controller.signal.aborted
      ? String(controller.signal.reason?.message ?? 'the download stalled')
      : describeNetworkError(error)
    throw new ElectronDownloadError(reason, url)
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Runs electron's own `install-electron` (install.js): with the archive already in the cache it only extracts it and
 * writes path.txt. Output is kept and shown only when it fails.
 */
export function runElectronInstaller(dir, { timeoutMs = 120_000, env = process.env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(dir, 'install.js')], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', d => {
      output += d
    })
    child.stderr.on('data', d => {
      output += d
    })
    const timer = setTimeout(() => child.kill(), timeoutMs)
    child.on('error', error => {
      clearTimeout(timer)
      reject(new ElectronDownloadError(`install-electron could not be started: ${error.message}`))
    })
    child.on('close', code => {
      clearTimeout(timer)
      if (code === 0) resolve()
      else {
        const last =
          output
            .trim()
            .split('\n')
            .find(line => /error/i.test(line)) ??
          output.trim().split('\n').at(-1) ??
          ''
        reject(new ElectronDownloadError(`install-electron failed (${code === null ? 'timed out' : `exit ${code}`}): ${last}`))
      }
    })
  })
}

/** A progress reporter: one rewritten line on a terminal, a line every 10 % otherwise. */
export function progressPrinter(label, stream = process.stdout) {
  let lastStep = -1
  return ({ transferred, total, percent }) => {
    const mb = n => `${(n / 1_048_576).toFixed(1)} MB`
    const text = total ? `${label}: ${Math.floor(percent * 100)} % of ${mb(total)}` : `${label}: ${mb(transferred)}`
    if (stream.isTTY) {
      stream.write(`\r${text}${percent >= 1 ? '\n' : ''}`)
      return
    }
    const step = total ? Math.floor(percent * 10) : Math.floor(transferred / 10_485_760)
    if (step !== lastStep) {
      lastStep = step
      stream.write(`${text}\n`)
    }
  }
}
