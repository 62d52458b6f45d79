/** Keys whose values are credentials wherever they sit in a body or a query (the log's fields, plus OAuth's others). */
const CREDENTIAL_KEYS = new Set(['client_secret', 'code', 'access_token', 'refresh_token', 'id_token', 'password', 'code_verifier'])
/**
 * OAuth's `state` travels only in URLs and forms (the authorize request, the redirect, a form post): there it is
 * masked with the credentials. In a JSON body `state` is the API's own data (a location's `address.state`, docs/api.md#location):
 * masking it there lost the data and made every replayed locations list a "different body".
 */
const QUERY_KEYS = new Set([...CREDENTIAL_KEYS, 'state'])
const MARKER = /^\[redacted:[\w-]+:[0-9a-f]{8}\]$/

/** Replaces one credential value by its marker (`[redacted:<label>:<fingerprint>]`). */
export type Masker = (value: string, label: string) => string

/**
 * Redacts a body by its structure: a JSON body is parsed and every string under a credential key, at any depth, is
 * replaced; a form body is parsed field by field. What parses as neither is returned as it is (the log redacted it at
 * capture already). This is the second, structural pass a repro bundle gets before it leaves the machine.
 */
export function redactBodyByStructure(text: string, mimeType: string, mask: Masker): string {
  if (text === '') return text
  const trimmed = text.trimStart()
  if (mimeType.includes('json') || trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.stringify(walk(JSON.parse(text), mask), null, looksPretty(text) ? 2 : undefined)
    } catch {
      return text
    }
  }
  if (mimeType.includes('x-www-form-urlencoded')) return redactForm(text, mask)
  return text
}

/** Redacts credential query parameters of a URL by name, keeping the rest of the URL as it was. */
export function redactUrlByStructure(url: string, mask: Masker): string {
  const q = url.indexOf('?')
  if (q < 0) return url
  const hash = url.indexOf('#', q)
  const query = url.slice(q + 1, hash < 0 ? undefined : hash)
  return url.slice(0, q + 1) + redactForm(query, mask) + (hash < 0 ? '' : url.slice(hash))
}

/** One name/value pair (a HAR query entry): the value masked when the name is a credential. */
export function redactPairValue(name: string, value: string, mask: Masker): string {
  const key = name.toLowerCase()
  return QUERY_KEYS.has(key) && value !== '' && !MARKER.test(value) ? mask(value, key) : value
}

function redactForm(text: string, mask: Masker): string {
  return text
    .split('&')
    .map(pair => {
      const eq = pair.indexOf('=')
      if (eq < 0) return pair
      const name = decode(pair.slice(0, eq)).toLowerCase()
      const value = decode(pair.slice(eq + 1))
      if (!QUERY_KEYS.has(name) || value === '' || MARKER.test(value)) return pair
      return `${pair.slice(0, eq)}=${encodeURIComponent(mask(value, name))}`
    })
    .join('&')
}

function walk(value: unknown, mask: Masker, key?: string): unknown {
  if (typeof value === 'string') {
    return key !== undefined && CREDENTIAL_KEYS.has(key.toLowerCase()) && value !== '' && !MARKER.test(value)
      ? mask(value, key.toLowerCase())
      : value
  }
  if (Array.isArray(value)) return value.map(v => walk(v, mask, key))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, mask, k)]))
  }
  return value
}

function looksPretty(text: string): boolean {
  return /^\s*[{[]\s*\n/.test(text)
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}
