import type { EnvironmentSettings, EnvironmentValidation } from '../../../shared/contract'
import { buildAuthorizeUrl } from '../oauth/authorize-url'
import { effectivePaths, hostBase } from './environment-record'
import { recordFromSettings } from './record-conversion'
import { validateSettings } from './validate-settings'

/**
 * What the edit form shows while the user types: the problems, the warnings, the redirect URI exactly as it will be
 * sent, and the authorize URL it would build (with a placeholder where the fresh state goes).
 */
export function previewSettings(settings: EnvironmentSettings): EnvironmentValidation {
  const check = validateSettings(settings)
  let preview: string | null = null
  if (check.issues.every(i => i.path !== 'authUrl' && !i.path.startsWith('paths'))) {
    const record = recordFromSettings('preview', settings, false, null, null)
    preview = buildAuthorizeUrl({
      authUrl: hostBase(record.authUrl),
      path: effectivePaths(record).authorize,
      clientId: record.clientId,
      redirectUri: record.redirectUri,
      state: '<fresh random state>',
    }).url
  }
  return {
    ok: check.issues.length === 0,
    issues: check.issues,
    warnings: check.warnings,
    redirectUriAsSent: check.redirectUriAsSent,
    authorizeUrlPreview: preview,
  }
}
