import { type CallbackParams, callbackParamsOf, isOAuthAnswer, matchesRedirectUri } from './redirect-match'

type PastedRedirect =
  /** A full redirect URL (or its query string) carrying code or error. */
  | { kind: 'answer'; params: CallbackParams; url: string | null; matchesRedirectUri: boolean | null }
  /** Only the code: state cannot be checked. */
  | { kind: 'code'; code: string }
  /** A URL without code or error: most likely the registered URI copied from the server's mismatch page. */
  | { kind: 'no-answer'; url: string }
  | { kind: 'invalid'; reason: string }

const CODE_SHAPE = /^[A-Za-z0-9._~+/=-]{4,2048}$/

/**
 * Reads what the user pasted in paste mode: the final redirect URL (the address bar after consenting, even when the
 * browser could not open it), its query string alone, or just the code. Pure; decides nothing about validity of the
 * state, which the flow checks.
 */
export function parsePastedRedirect(input: string, redirectUri: string): PastedRedirect {
  const text = input.trim()
  if (text === '') return { kind: 'invalid', reason: 'Nothing was pasted.' }
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) && URL.canParse(text)) {
    const params = callbackParamsOf(text)
    if (!isOAuthAnswer(params)) return { kind: 'no-answer', url: text }
    return { kind: 'answer', params, url: text, matchesRedirectUri: matchesRedirectUri(text, redirectUri) }
  }
  if (/^[?#]?[A-Za-z_]+=/.test(text)) {
    const params = callbackParamsOf(`x:/?${text.replace(/^[?#]/, '')}`)
    if (isOAuthAnswer(params)) return { kind: 'answer', params, url: null, matchesRedirectUri: null }
    return { kind: 'invalid', reason: 'The pasted text has neither a "code" nor an "error" parameter.' }
  }
  if (CODE_SHAPE.test(text)) return { kind: 'code', code: text }
  return {
    kind: 'invalid',
    reason: 'That is neither a redirect URL, a query string, nor an authorization code (codes have no spaces).',
  }
}
