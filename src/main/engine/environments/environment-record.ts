import type { CatchMode, EnvironmentPaths, EnvironmentSettings, NetworkSettings, TokenBodyFormat } from '../../../shared/contract'
import { DEFAULT_PATHS } from '../core/ports'
import { isLoopbackHost } from './validate-settings'

export const BUILTIN_ID = 'sandbox'
export const BUILTIN_NAME = 'Sandbox (built-in)'
export const DEFAULT_CALLBACK_TIMEOUT_SECONDS = 300

/** An environment as the engine handles it: settings and metadata, the secret kept apart (vault or memory). */
export interface EnvironmentRecord {
  id: string
  name: string
  builtIn: boolean
  authUrl: string
  baseUrl: string
  clientId: string
  redirectUri: string
  pathOverrides: Partial<EnvironmentPaths>
  catchMode: CatchMode
  pkce: boolean
  callbackTimeoutSeconds: number
  requireStateEcho: boolean
  production: boolean
  tokenBody: TokenBodyFormat
  authorizeParams: Record<string, string>
  network: NetworkSettings
  hasClientSecret: boolean
  unprotectedStorageAccepted: boolean
  createdAt: string | null
  updatedAt: string | null
  sandboxAdmin?: { url: string; adminToken: string }
}

/** The catch mode an environment gets when none was chosen: loopback when its redirect URI allows it, else paste. */
export function defaultCatchMode(redirectUri: string): CatchMode {
  try {
    const url = new URL(redirectUri)
    return url.protocol === 'http:' && isLoopbackHost(url.hostname) ? 'loopback' : 'paste'
  } catch {
    return 'paste'
  }
}

/** Every path of the environment: the spec's defaults with its overrides applied. */
export function effectivePaths(record: Pick<EnvironmentRecord, 'pathOverrides'>): EnvironmentPaths {
  return { ...DEFAULT_PATHS, ...record.pathOverrides }
}

/** {auth_url} or {base_url} ready for a path to be appended (no trailing slash). */
export function hostBase(url: string): string {
  return url.replace(/\/+$/, '')
}

/** The settings part of a record, as the export file and the edit form carry it. */
export function settingsOf(record: EnvironmentRecord): EnvironmentSettings {
  const settings: EnvironmentSettings = {
    name: record.name,
    authUrl: record.authUrl,
    baseUrl: record.baseUrl,
    clientId: record.clientId,
    redirectUri: record.redirectUri,
    catchMode: record.catchMode,
    pkce: record.pkce,
    callbackTimeoutSeconds: record.callbackTimeoutSeconds,
    requireStateEcho: record.requireStateEcho,
  }
  if (Object.keys(record.pathOverrides).length > 0) settings.paths = { ...record.pathOverrides }
  if (record.production) settings.production = true
  if (record.tokenBody !== 'json') settings.tokenBody = record.tokenBody
  if (Object.keys(record.authorizeParams).length > 0) settings.authorizeParams = { ...record.authorizeParams }
  if (Object.keys(record.network).length > 0) settings.network = { ...record.network }
  return settings
}
