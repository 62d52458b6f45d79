import { readFile } from 'node:fs/promises'
import type { ComposerRequestInput } from '../../shared/contract'
import { specAuthFor } from '../../shared/spec'

/** The parseArgs options describing one request, shared by `request` and `snippet`. */
export const REQUEST_OPTIONS = {
  auth: { type: 'string' },
  target: { type: 'string' },
  header: { type: 'string', multiple: true },
  body: { type: 'string' },
  'body-file': { type: 'string' },
} as const

export const REQUEST_HELP = `Request:
  METHOD PATH           e.g. GET /marketplace/v2/platform-token/locations, or an absolute https:// URL
  --auth MODE           bearer, hmac or none (default: what the spec gives PATH: none for /oauth2/, hmac for the
                        signed export, bearer for the rest; none for an absolute URL)
  --target api|auth     resolve PATH against {base_url} (api, the default) or {auth_url} (auth)
  --header 'K: V'       a request header (repeatable)
  --body TEXT           the request body, sent byte for byte
  --body-file FILE      the request body from a file`

/** Builds the composer request from the positionals and options, or says what is wrong (a usage error). */
export async function requestFromArgs(
  positionals: string[],
  values: { auth?: string; target?: string; header?: string[]; body?: string; 'body-file'?: string },
): Promise<{ request: ComposerRequestInput; authFromSpec: boolean } | { usage: string }> {
  const [method, path, ...extra] = positionals
  if (!method || !path) return { usage: 'give METHOD and PATH, e.g. GET /marketplace/v2/platform-token/locations.' }
  if (extra.length > 0) return { usage: `unexpected argument "${extra[0]}" (quote a PATH that contains spaces or &).` }
  if (!/^[A-Za-z]+$/.test(method)) return { usage: `"${method}" is not an HTTP method.` }
  const target = values.target ?? 'api'
  if (target !== 'api' && target !== 'auth') return { usage: `--target must be api or auth, not "${target}".` }
  const auth = values.auth ?? specAuthFor(target, path)
  if (auth !== 'bearer' && auth !== 'hmac' && auth !== 'none') return { usage: `--auth must be bearer, hmac or none, not "${auth}".` }
  if (values.body !== undefined && values['body-file'] !== undefined) return { usage: 'give --body or --body-file, not both.' }
  const headers: Array<{ name: string; value: string; enabled: boolean }> = []
  for (const h of values.header ?? []) {
    const colon = h.indexOf(':')
    if (colon <= 0) return { usage: `--header "${h}" is not "Name: value".` }
    headers.push({ name: h.slice(0, colon).trim(), value: h.slice(colon + 1).trim(), enabled: true })
  }
  let body = values.body
  if (values['body-file'] !== undefined) {
    try {
      body = await readFile(values['body-file'], 'utf8')
    } catch (error) {
      return { usage: `cannot read --body-file ${values['body-file']}: ${(error as Error).message}` }
    }
  }
  return { request: { method: method.toUpperCase(), target, path, headers, body, auth }, authFromSpec: values.auth === undefined }
}
