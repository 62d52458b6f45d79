import type { EnvironmentPathKey, TokenBodyFormat } from '../../../shared/contract'
import type { EnvironmentRecord } from './environment-record'

/**
 * Settings a command line puts over every environment for one run (`--ca`, `--proxy`, `--token-body`,
 * `--authorize-param`, `--pkce`, `--path`): applied when a record is read, never saved to environments.json.
 */
export interface EnvironmentOverrides {
  caFiles?: string[]
  /** Proxy URL without credentials; its user name and password (from the URL or the environment) come apart. */
  proxyUrl?: string
  proxyUsername?: string
  /** Held in memory for the run only (registered for redaction by the caller). */
  proxyPassword?: string
  tokenBody?: TokenBodyFormat
  authorizeParams?: Record<string, string>
  pkce?: boolean
  paths?: Partial<Record<EnvironmentPathKey, string>>
}

/** The record with the overrides applied (a copy; the stored record is untouched). */
export function applyOverrides(record: EnvironmentRecord, o: EnvironmentOverrides | undefined): EnvironmentRecord {
  if (!o) return record
  const network = { ...record.network }
  if (o.caFiles?.length) network.caFiles = [...(network.caFiles ?? []), ...o.caFiles]
  if (o.proxyUrl) {
    network.proxyMode = 'url'
    network.proxyUrl = o.proxyUrl
    network.proxyUsername = o.proxyUsername
  }
  return {
    ...record,
    network,
    tokenBody: o.tokenBody ?? record.tokenBody,
    authorizeParams: { ...record.authorizeParams, ...o.authorizeParams },
    pkce: o.pkce ?? record.pkce,
    pathOverrides: { ...record.pathOverrides, ...o.paths },
  }
}
