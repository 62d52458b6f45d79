import { homedir } from 'node:os'
import { join } from 'node:path'

/** The product's name, which names the data folder the way Electron names its userData folder. */
const DATA_FOLDER_NAME = 'Partner API Console'
/** The folder the web host and the CLI used before they shared the desktop app's (imported once, see legacy-import.ts). */
const LEGACY_FOLDER_NAME = 'partner-console'

interface Where {
  env?: NodeJS.ProcessEnv
  platform?: NodeJS.Platform
  home?: string
}

/** The per-user configuration folder the way Electron's `appData` is chosen (XDG_CONFIG_HOME honoured on Linux). */
function appDataDir({ env = process.env, platform = process.platform, home = homedir() }: Where): string {
  if (platform === 'win32') return env.APPDATA ?? join(home, 'AppData', 'Roaming')
  if (platform === 'darwin') return join(home, 'Library', 'Application Support')
  return env.XDG_CONFIG_HOME || join(home, '.config')
}

/**
 * The one data folder of the desktop app, the web host and the CLI: Electron's userData for this product
 * (`~/.config/Partner API Console`, `~/Library/Application Support/Partner API Console`,
 * `%APPDATA%\Partner API Console`), so environments, drafts and the vault are the same whichever is started.
 * `--data-dir` (CLI, web host) and `--user-data-dir` (desktop app) still choose another folder.
 */
export function defaultDataDir(where: Where = {}): string {
  return join(appDataDir(where), DATA_FOLDER_NAME)
}

/** Where the web host and the CLI kept their data before: `$XDG_CONFIG_HOME/partner-console` or `~/.config/partner-console`, on every platform. */
export function legacyDataDir({ env = process.env, home = homedir() }: Where = {}): string {
  return join(env.XDG_CONFIG_HOME || join(env.HOME || home, '.config'), LEGACY_FOLDER_NAME)
}
