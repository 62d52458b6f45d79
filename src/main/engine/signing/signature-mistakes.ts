import type { SignedPath } from './request-path'

/** How one signature was (or might have been) made: each field is one decision a client can get wrong. */
export interface Recipe {
  clientId: string
  method: string
  path: string
  body: string
  timestamp: string
  key: string
  separator: string
  encoding: 'hex' | 'base64' | 'base64url'
}

/** What the mistakes may look at besides the correct recipe. */
export interface MistakeContext {
  rawMethod: string
  target: SignedPath
  secret: string
  accessKey: string
  /** The client id the caller says it signed with, when it differs from x-access-key. */
  claimedClientId: string | null
  /** x-timestamp as a number of seconds (or ms, if that was the mistake). */
  headerTimestamp: number
}

/** One plausible mistake: a user-facing description and the recipes that reproduce it from a given recipe. */
export interface Mistake {
  id: string
  /** Mistakes of one category change the same decision and are never combined with each other. */
  category: 'client_id' | 'method' | 'path' | 'body' | 'timestamp' | 'key' | 'separator' | 'encoding'
  mistake: string
  explanation: string
  /** False for mistakes with many variants (tried alone only, to keep the search cheap). */
  combinable: boolean
  variants(r: Recipe, ctx: MistakeContext): Recipe[]
}

const SEPARATORS = ['\n', '|', ':', ',', '&', ' ', '.', '\t', ';', '+']

const distinct = (r: Recipe, field: keyof Recipe, values: string[]): Recipe[] =>
  [...new Set(values)].filter(v => v !== r[field]).map(v => ({ ...r, [field]: v }))

function jsonVariants(body: string): { minified: string[]; pretty: string[] } {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return { minified: [], pretty: [] }
  }
  return {
    minified: [JSON.stringify(parsed)],
    pretty: [JSON.stringify(parsed, null, 2), JSON.stringify(parsed, null, 4), JSON.stringify(parsed, null, '\t')],
  }
}

/** The catalogue the explainer tries, in the order shown to the user. */
export const MISTAKES: Mistake[] = [
  {
    id: 'path-not-lowercased',
    category: 'path',
    mistake: 'path not lowercased',
    explanation:
      'The path was signed with its capitals. 5.2 signs the path in lowercase (the URL sent may keep them): lowercase it before signing.',
    combinable: true,
    variants: (r, ctx) => distinct(r, 'path', [ctx.target.path]),
  },
  {
    id: 'query-included',
    category: 'path',
    mistake: 'query string included',
    explanation: 'The query string was signed with the path. 5.2 signs the path only: cut everything from "?" before signing.',
    combinable: true,
    variants: (r, ctx) =>
      ctx.target.query === null
        ? []
        : distinct(r, 'path', [`${r.path}?${ctx.target.query}`.toLowerCase(), `${r.path}?${ctx.target.query}`]),
  },
  {
    id: 'host-included',
    category: 'path',
    mistake: 'scheme and host included',
    explanation: 'The full URL was signed. 5.2 signs the path without scheme, host or port.',
    combinable: true,
    variants: (r, ctx) =>
      ctx.target.origin === null
        ? []
        : distinct(r, 'path', [`${ctx.target.origin}${r.path}`.toLowerCase(), `${ctx.target.origin}${r.path}`]),
  },
  {
    id: 'trailing-slash',
    category: 'path',
    mistake: 'trailing slash difference',
    explanation: 'The signed path and the path sent differ by a trailing slash. Sign exactly the path on the request line.',
    combinable: true,
    variants: r => distinct(r, 'path', [r.path.endsWith('/') && r.path.length > 1 ? r.path.slice(0, -1) : `${r.path}/`]),
  },
  {
    id: 'body-null',
    category: 'body',
    mistake: 'body signed as "null"',
    explanation:
      'A request without a body was signed with the text "null" (or "undefined"). 5.2 signs the empty string when there is no body.',
    combinable: true,
    variants: r => (r.body === '' ? distinct(r, 'body', ['null', 'undefined']) : []),
  },
  {
    id: 'body-omitted',
    category: 'body',
    mistake: 'body left out',
    explanation: 'The request carries a body but the signed string has none. Sign the body exactly as sent.',
    combinable: true,
    variants: r => (r.body === '' ? [] : distinct(r, 'body', [''])),
  },
  {
    id: 'body-pretty-printed',
    category: 'body',
    mistake: 'body pretty-printed when signed',
    explanation:
      'A pretty-printed copy of the JSON was signed while the body sent is formatted differently. Serialise the body once and sign and send that same string.',
    combinable: true,
    variants: r => distinct(r, 'body', jsonVariants(r.body).pretty),
  },
  {
    id: 'body-minified',
    category: 'body',
    mistake: 'body re-serialised (minified) when signed',
    explanation:
      'The JSON was re-serialised (minified) for signing while the body was sent as written (e.g. pretty-printed). Sign the exact string sent.',
    combinable: true,
    variants: r => distinct(r, 'body', jsonVariants(r.body).minified),
  },
  {
    id: 'body-trailing-newline',
    category: 'body',
    mistake: 'trailing newline difference in the body',
    explanation:
      'The signed body and the body sent differ by a trailing newline (typical of bodies read from files). Sign the exact bytes sent.',
    combinable: true,
    variants: r => distinct(r, 'body', [r.body.endsWith('\n') ? r.body.replace(/\r?\n$/, '') : `${r.body}\n`]),
  },
  {
    id: 'timestamp-milliseconds',
    category: 'timestamp',
    mistake: 'timestamp in milliseconds',
    explanation:
      'The signed timestamp was in milliseconds. x-timestamp and the signed timestamp are the same whole seconds: Math.floor(Date.now() / 1000).',
    combinable: false,
    variants: (r, ctx) => {
      const ts = ctx.headerTimestamp
      if (ts >= 1e11) return distinct(r, 'timestamp', [String(Math.floor(ts / 1000))])
      return Array.from({ length: 1000 }, (_, k) => ({ ...r, timestamp: String(ts * 1000 + k) }))
    },
  },
  {
    id: 'timestamp-mismatch',
    category: 'timestamp',
    mistake: 'signed timestamp differs from x-timestamp',
    explanation: 'The timestamp in the signed string is not the one sent in x-timestamp (read the clock once and use that value for both).',
    combinable: true,
    variants: (r, ctx) => {
      const ts = ctx.headerTimestamp
      return ts >= 1e11 ? [] : distinct(r, 'timestamp', [ts - 1, ts + 1, ts - 2, ts + 2].filter(t => t >= 0).map(String))
    },
  },
  {
    id: 'method-lowercase',
    category: 'method',
    mistake: 'method not uppercased',
    explanation: 'The method was signed in lowercase (or as typed). 5.2 signs it uppercased: GET, POST.',
    combinable: true,
    variants: (r, ctx) => distinct(r, 'method', [ctx.rawMethod.toLowerCase(), ctx.rawMethod]),
  },
  {
    id: 'client-id-secret-swapped',
    category: 'key',
    mistake: 'client_id and client_secret swapped',
    explanation:
      'The secret was put in the signed string and the client id used as the HMAC key. Sign client_id + … and key the HMAC with the secret.',
    combinable: true,
    variants: (r, ctx) => [{ ...r, clientId: ctx.secret, key: ctx.accessKey }],
  },
  {
    id: 'wrong-key-access-key',
    category: 'key',
    mistake: 'HMAC keyed with the access key instead of the secret',
    explanation: 'The HMAC was keyed with the public access key (client_id). The key is the client secret.',
    combinable: true,
    variants: (r, ctx) => distinct(r, 'key', [ctx.accessKey]),
  },
  {
    id: 'secret-whitespace',
    category: 'key',
    mistake: 'whitespace around the secret',
    explanation:
      'The secret used as key has a stray newline or space (typical of values read from files or pasted). Trim it where it is stored.',
    combinable: true,
    variants: (r, ctx) => distinct(r, 'key', [ctx.secret.trim(), `${ctx.secret}\n`, `${ctx.secret}\r\n`, ` ${ctx.secret}`]),
  },
  {
    id: 'client-id-mismatch',
    category: 'client_id',
    mistake: 'signed with another client_id than x-access-key',
    explanation: 'The string was signed with one client id and sent with another in x-access-key. The server signs with x-access-key.',
    combinable: true,
    variants: (r, ctx) => (ctx.claimedClientId === null ? [] : distinct(r, 'clientId', [ctx.claimedClientId])),
  },
  {
    id: 'separators-added',
    category: 'separator',
    mistake: 'separators between the parts',
    explanation: 'The parts were joined with a separator. 5.2 concatenates them with nothing in between.',
    combinable: true,
    variants: r => distinct(r, 'separator', SEPARATORS),
  },
  {
    id: 'base64-not-hex',
    category: 'encoding',
    mistake: 'base64 instead of hex',
    explanation: 'The digest was encoded in base64. x-signature is the lowercase hex digest (64 characters).',
    combinable: true,
    variants: r => distinct(r, 'encoding', ['base64', 'base64url']),
  },
]
