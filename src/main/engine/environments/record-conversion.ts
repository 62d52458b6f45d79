import type { EnvironmentSettings } from '../../../shared/contract'
import {
  BUILTIN_ID,
  BUILTIN_NAME,
  DEFAULT_CALLBACK_TIMEOUT_SECONDS,
  defaultCatchMode,
  type EnvironmentRecord,
  settingsOf,
} from './environment-record'
import type { BuiltinSettings, StoredEnvironment } from './environment-store'

/** The built-in sandbox as the runtime started it (secret in memory only, never persisted). */
export interface BuiltinSandboxInfo {
  url: string
  adminToken: string
  client: { clientId: string; clientSecret: string; redirectUri: string }
  /** Set when the built-in sandbox serves HTTPS: its local CA (trusted for the built-in environment only). */
  tls?: { caFile: string; caPem: string }
}

/** The built-in environment: addresses and client from the running sandbox, flow settings from the user. */
export function builtinRecord(sandbox: BuiltinSandboxInfo, settings: BuiltinSettings): EnvironmentRecord {
  return {
    id: BUILTIN_ID,
    name: BUILTIN_NAME,
    builtIn: true,
    authUrl: sandbox.url,
    baseUrl: sandbox.url,
    clientId: sandbox.client.clientId,
    redirectUri: sandbox.client.redirectUri,
    pathOverrides: {},
    catchMode: settings.catchMode ?? 'loopback',
    pkce: settings.pkce ?? false,
    callbackTimeoutSeconds: settings.callbackTimeoutSeconds ?? DEFAULT_CALLBACK_TIMEOUT_SECONDS,
    requireStateEcho: settings.requireStateEcho ?? true,
    production: false,
    tokenBody: 'json',
    authorizeParams: {},
    // In-process on loopback: never through a proxy (HTTPS_PROXY would otherwise catch it unless NO_PROXY lists it).
    network: { proxyMode: 'none' },
    hasClientSecret: true,
    unprotectedStorageAccepted: false,
    createdAt: null,
    updatedAt: null,
    sandboxAdmin: { url: sandbox.url, adminToken: sandbox.adminToken },
  }
}

/** A user environment record from validated settings, with the defaults filled in. */
export function recordFromSettings(
  id: string,
  s: EnvironmentSettings,
  hasClientSecret: boolean,
  createdAt: string | null,
  updatedAt: string | null,
): EnvironmentRecord {
  return {
    id,
    name: s.name,
    builtIn: false,
    authUrl: s.authUrl,
    baseUrl: s.baseUrl,
    clientId: s.clientId,
    redirectUri: s.redirectUri,
    pathOverrides: { ...(s.paths ?? {}) },
    catchMode: s.catchMode ?? defaultCatchMode(s.redirectUri),
    pkce: s.pkce ?? false,
    callbackTimeoutSeconds: s.callbackTimeoutSeconds ?? DEFAULT_CALLBACK_TIMEOUT_SECONDS,
    requireStateEcho: s.requireStateEcho ?? true,
    production: s.production ?? false,
    tokenBody: s.tokenBody ?? 'json',
    authorizeParams: { ...(s.authorizeParams ?? {}) },
    network: { ...(s.network ?? {}) },
    hasClientSecret,
    unprotectedStorageAccepted: false,
    createdAt,
    updatedAt,
  }
}

/** Reads an entry of environments.json. */
export function recordFromStored(e: StoredEnvironment): EnvironmentRecord {
  const record = recordFromSettings(e.id, e, e.hasClientSecret, e.createdAt, e.updatedAt)
  record.unprotectedStorageAccepted = e.unprotectedStorageAccepted ?? false
  return record
}

/** The entry written to environments.json: settings and metadata, never a secret. */
export function recordToStored(r: EnvironmentRecord, now: string): StoredEnvironment {
  const stored: StoredEnvironment = {
    id: r.id,
    ...settingsOf(r),
    hasClientSecret: r.hasClientSecret,
    createdAt: r.createdAt ?? now,
    updatedAt: r.updatedAt ?? now,
  }
  if (r.unprotectedStorageAccepted) stored.unprotectedStorageAccepted = true
  return stored
}
