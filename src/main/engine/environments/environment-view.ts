import type { EnvironmentDetail, EnvironmentSummary, MaskedSecret } from '../../../shared/contract'
import { type EnvironmentRecord, effectivePaths, settingsOf } from './environment-record'
import { redirectUriAsSent, validateSettings } from './validate-settings'

/** The switcher's view of an environment (no secrets, no settings). */
export function toSummary(record: EnvironmentRecord): EnvironmentSummary {
  return {
    id: record.id,
    name: record.name,
    builtIn: record.builtIn,
    authUrl: record.authUrl,
    baseUrl: record.baseUrl,
    production: record.production,
  }
}

/** What the renderer may know about an environment: settings, the exact redirect as sent, the secret masked only. */
export function toDetail(
  record: EnvironmentRecord,
  secret: MaskedSecret,
  networkSecrets: EnvironmentDetail['networkSecrets'],
): EnvironmentDetail {
  return {
    ...toSummary(record),
    clientId: record.clientId,
    clientSecret: secret,
    redirectUri: record.redirectUri,
    redirectUriAsSent: redirectUriAsSent(record.redirectUri),
    paths: effectivePaths(record),
    pathOverrides: { ...record.pathOverrides },
    catchMode: record.catchMode,
    pkce: record.pkce,
    callbackTimeoutSeconds: record.callbackTimeoutSeconds,
    requireStateEcho: record.requireStateEcho,
    tokenBody: record.tokenBody,
    authorizeParams: { ...record.authorizeParams },
    network: { ...record.network },
    networkSecrets,
    unprotectedStorageAccepted: record.unprotectedStorageAccepted,
    editable: !record.builtIn,
    deletable: !record.builtIn,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    warnings: record.builtIn ? [] : validateSettings(settingsOf(record)).warnings,
  }
}
