import { joinHostPath } from '../../../shared/spec'
import { ConsoleError } from '../core/console-error'
import type { ResolvedEnvironment } from '../core/ports'

/**
 * Where a request goes: an absolute http(s) URL as given, or a path (with its query) appended to the environment's
 * {base_url} (`api`) or {auth_url} (`auth`). Throws ConsoleError('invalid_request') for other schemes or a path that
 * is not a valid URL, and ('not_found') for a relative path without an environment to resolve it against.
 */
export function resolveRequestUrl(env: ResolvedEnvironment | null, target: 'api' | 'auth', path: string): URL {
  const trimmed = path.trim()
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) {
    let url: URL
    try {
      url = new URL(trimmed)
    } catch {
      throw new ConsoleError('invalid_request', `"${shorten(trimmed)}" is not a valid URL.`, {
        hint: 'Use http(s)://host/path or a path starting with /.',
      })
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ConsoleError('invalid_request', `Only http and https URLs can be sent, not ${url.protocol}.`, {
        hint: 'Use an https:// URL, or a path relative to the environment.',
      })
    }
    if (url.hash) url.hash = ''
    return url
  }
  if (!env) {
    throw new ConsoleError('not_found', `There is no active environment to resolve ${shorten(trimmed)} against.`, {
      hint: 'Choose or create an environment, or give an absolute URL.',
    })
  }
  const joined = joinHostPath(target === 'auth' ? env.authUrl : env.baseUrl, trimmed)
  try {
    const url = new URL(joined)
    if (url.hash) url.hash = ''
    return url
  } catch {
    throw new ConsoleError('invalid_request', `${shorten(joined)} is not a valid URL.`, {
      hint: `Check the environment’s ${target === 'auth' ? 'auth URL' : 'base URL'} and the path.`,
    })
  }
}

function shorten(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text
}
