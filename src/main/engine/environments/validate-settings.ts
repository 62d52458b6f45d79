import { type EnvironmentSettings, PATH_KEYS, type ValidationIssue } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import { checkNetworkSettings } from './network-settings-check'
import { urlParseProblem } from './url-parse-problem'

interface SettingsCheck {
  issues: ValidationIssue[]
  warnings: string[]
  /** `redirect_uri=<percent-encoded>` exactly as it will appear in the authorize URL's query string. */
  redirectUriAsSent: string
}

/** True for the hosts RFC 8252 §7.3 calls loopback, where plain http is acceptable. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)
}

/** The redirect_uri query parameter exactly as the authorize URL will carry it. */
export function redirectUriAsSent(redirectUri: string): string {
  return new URLSearchParams({ redirect_uri: redirectUri }).toString()
}

function hasOuterWhitespace(value: string): boolean {
  return value !== value.trim()
}

function checkHostUrl(field: 'authUrl' | 'baseUrl', value: string, issues: ValidationIssue[], warnings: string[]): void {
  const label = field === 'authUrl' ? 'auth_url' : 'base_url'
  if (hasOuterWhitespace(value)) {
    issues.push({ path: field, message: `${label} starts or ends with whitespace; remove it.` })
    return
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    const problem = urlParseProblem(value)
    issues.push({
      path: field,
      message: problem ? `${label}: ${problem}.` : `${label} "${value}" is not an absolute URL (expected e.g. https://api.example.com).`,
    })
    return
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    issues.push({ path: field, message: `${label} must use https:// (it uses ${url.protocol}).` })
    return
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    issues.push({
      path: field,
      message: `${label} must use https:// (the spec allows HTTPS only); plain http is accepted for loopback addresses (127.0.0.1, localhost, [::1]) only.`,
    })
  }
  if (url.username || url.password) issues.push({ path: field, message: `${label} must not contain a user name or password.` })
  if (url.search || url.hash) issues.push({ path: field, message: `${label} must not have a query string or fragment.` })
  if (value.endsWith('/') && url.pathname !== '/') warnings.push(`${label} ends with "/"; it is removed before paths are appended.`)
}

function checkRedirectUri(
  settings: Pick<EnvironmentSettings, 'redirectUri' | 'catchMode'>,
  issues: ValidationIssue[],
  warnings: string[],
): void {
  const value = settings.redirectUri
  if (hasOuterWhitespace(value)) {
    issues.push({
      path: 'redirectUri',
      message: 'The redirect URI starts or ends with whitespace; it would be sent that way and not match.',
    })
    return
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    const problem = urlParseProblem(value)
    issues.push({
      path: 'redirectUri',
      message: problem ? `The redirect URI: ${problem}.` : `The redirect URI "${value}" is not an absolute URL.`,
    })
    return
  }
  if (url.hash || value.includes('#')) {
    issues.push({ path: 'redirectUri', message: 'The redirect URI must not contain a fragment (#…) (RFC 6749 §3.1.2).' })
  }
  const loopback = isLoopbackHost(url.hostname)
  if (url.protocol === 'http:' && !loopback) {
    issues.push({
      path: 'redirectUri',
      message: 'The redirect URI must use https:// unless it points at a loopback address (127.0.0.1, localhost, [::1]).',
    })
  }
  const mode = settings.catchMode ?? (url.protocol === 'http:' && loopback ? 'loopback' : 'paste')
  if (mode === 'loopback') {
    if (url.protocol !== 'http:' || !loopback) {
      issues.push({
        path: 'catchMode',
        message: `The loopback catcher can only receive a redirect URI of the form http://127.0.0.1:<port>/<path>; "${value}" is not one. Choose the embedded window or paste mode for it.`,
      })
    } else if (url.port === '') {
      warnings.push(
        'The redirect URI has no port, so the loopback catcher must listen on port 80, which usually needs administrator rights.',
      )
    }
  } else if (url.protocol !== 'http:' && url.protocol !== 'https:' && mode === 'paste') {
    warnings.push(`The redirect URI uses the custom scheme ${url.protocol}; after consenting, copy the address the browser could not open.`)
  }
  if (url.hostname === 'localhost') {
    warnings.push('The redirect URI uses "localhost"; it must be registered as "localhost" too ("127.0.0.1" is a different string).')
  }
  if ((url.protocol === 'https:' && value.includes(':443')) || (url.protocol === 'http:' && /:\/\/[^/]*:80(\/|$)/.test(value))) {
    warnings.push('The redirect URI names the default port explicitly; the registered URI must name it too.')
  }
  if (url.pathname.length > 1 && value.split('?')[0]?.endsWith('/')) {
    warnings.push('The redirect URI ends with "/"; it is sent with it, so the registered URI must end with "/" too.')
  }
  if (/%[0-9a-fA-F]{2}/.test(value)) {
    warnings.push('The redirect URI contains percent-encoded characters; they are sent as typed and must match the registered URI exactly.')
  }
}

/**
 * Checks an environment's settings and says, for each problem, what is wrong and what is expected: URL shapes,
 * HTTPS (plain http only on loopback, RFC 8252), a redirect URI the chosen catch mode can receive, and path overrides.
 * Pure: the same input always gives the same answer, so the form can call it on every keystroke.
 */
export function validateSettings(settings: EnvironmentSettings): SettingsCheck {
  const issues: ValidationIssue[] = []
  const warnings: string[] = []
  checkHostUrl('authUrl', settings.authUrl, issues, warnings)
  checkHostUrl('baseUrl', settings.baseUrl, issues, warnings)
  if (hasOuterWhitespace(settings.clientId))
    issues.push({ path: 'clientId', message: 'client_id starts or ends with whitespace; remove it.' })
  checkRedirectUri(settings, issues, warnings)
  for (const key of PATH_KEYS) {
    const p = settings.paths?.[key]
    if (p === undefined) continue
    if (!p.startsWith('/')) issues.push({ path: `paths.${key}`, message: `The ${key} path must start with "/" (got "${p}").` })
    if (/[?#\s]/.test(p)) issues.push({ path: `paths.${key}`, message: `The ${key} path must not contain "?", "#" or whitespace.` })
  }
  checkNetworkSettings(settings, issues, warnings)
  return { issues, warnings, redirectUriAsSent: redirectUriAsSent(settings.redirectUri) }
}

/** Throws ConsoleError('invalid_request') listing every problem (first one in the message) when settings are invalid. */
export function assertValidSettings(settings: EnvironmentSettings): void {
  const { issues, warnings, redirectUriAsSent } = validateSettings(settings)
  if (issues.length === 0) return
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : ''
  throw new ConsoleError('invalid_request', `The environment is not valid: ${issues[0]?.message}${more}`, {
    hint: 'Correct the fields listed and save again.',
    details: { issues, warnings, redirectUriAsSent },
  })
}
