import type { EnvironmentSettings, ValidationIssue } from '../../../shared/contract'
import { urlParseProblem } from './url-parse-problem'

/** Authorize parameters the console sets itself: an extra parameter must not replace them. */
export const RESERVED_AUTHORIZE_PARAMS = new Set([
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'code_challenge',
  'code_challenge_method',
])

/**
 * Checks the network and standard-OAuth settings: a proxy URL when the mode asks for one (http/https, no credentials
 * in it: they go to the vault), a client certificate file with its kind, and extra authorize parameters that do not
 * override the console's own.
 */
export function checkNetworkSettings(settings: EnvironmentSettings, issues: ValidationIssue[], warnings: string[]): void {
  const n = settings.network
  if (n?.proxyMode === 'url') {
    const raw = n.proxyUrl ?? ''
    if (!raw) {
      issues.push({ path: 'network.proxyUrl', message: 'The proxy mode "url" needs a proxy URL (e.g. http://proxy.corp:3128).' })
    } else if (!URL.canParse(raw)) {
      issues.push({
        path: 'network.proxyUrl',
        message: urlParseProblem(raw)
          ? `The proxy URL: ${urlParseProblem(raw)}.`
          : `The proxy URL "${raw}" is not an absolute URL (expected e.g. http://proxy.corp:3128).`,
      })
    } else {
      const url = new URL(raw)
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        issues.push({ path: 'network.proxyUrl', message: `The proxy URL must use http:// or https:// (it uses ${url.protocol}).` })
      }
      if (url.username || url.password) {
        issues.push({
          path: 'network.proxyUrl',
          message: 'Put the proxy user name in its own field and the password in the vault field, not in the URL.',
        })
      }
    }
  } else if (n?.proxyUrl) {
    warnings.push(`The proxy URL is ignored while the proxy mode is "${n.proxyMode ?? 'env'}".`)
  }
  if (n?.clientCertKind && !n.clientCertFile) {
    issues.push({ path: 'network.clientCertFile', message: 'A client certificate needs its file (PEM certificate or PKCS#12).' })
  }
  if (n?.clientCertFile && !n.clientCertKind) {
    issues.push({ path: 'network.clientCertKind', message: 'Say whether the client certificate file is PEM or PKCS#12.' })
  }
  for (const name of Object.keys(settings.authorizeParams ?? {})) {
    if (RESERVED_AUTHORIZE_PARAMS.has(name)) {
      issues.push({ path: `authorizeParams.${name}`, message: `"${name}" is set by the console itself and cannot be an extra parameter.` })
    } else if (!/^[A-Za-z0-9._~-]+$/.test(name)) {
      issues.push({ path: `authorizeParams.${name}`, message: `"${name}" is not a usable parameter name (letters, digits, . _ ~ - only).` })
    }
  }
}
