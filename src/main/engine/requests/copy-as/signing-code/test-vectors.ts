import { hmacHex, signRequest } from '../../../signing/signer'

/** One vector: inputs, the docs/api.md#hmac-signature canonical string and the signature every correct signer must produce. */
export interface SigningVector {
  name: string
  clientId: string
  clientSecret: string
  method: string
  /** As a client would pass it: may carry a query or a host, which the signer drops. */
  path: string
  body: string
  timestamp: number
  canonical: string
  signature: string
}

/** A classic mistake on a vector: the string and signature a signer making it produces (it must not match). */
interface MistakeVector {
  id: string
  of: string
  mistake: string
  canonical: string
  signature: string
}

/** Test credentials (made up for the vectors: no real client has them). */
const CLIENT_ID = 'demo-client-7f3a'
const SECRET = 'vector-secret-NOT-REAL-3f9c2b'
const TS = 1767225600

/** The inspector's cases: a GET with a query, a JSON POST, mixed case, a full URL, UTF-8, a body with newlines. */
const CASES: Array<Omit<SigningVector, 'canonical' | 'signature' | 'clientId' | 'clientSecret' | 'timestamp'>> = [
  {
    name: 'export-tickets-get',
    method: 'GET',
    path: '/api/v1/export/1001/tickets?filter[dateTimeFrom]=2026-01-01&filter[dateTimeTo]=2026-01-07',
    body: '',
  },
  {
    name: 'lookup-tickets-post-json',
    method: 'POST',
    path: '/pos/v2/lookup/tickets',
    body: '{"locationId":1001,"ticketIds":["T-1","T-2"]}',
  },
  { name: 'mixed-case-path-lower-method', method: 'get', path: '/API/V1/Export/1001/Tickets', body: '' },
  {
    name: 'full-url-host-dropped',
    method: 'POST',
    path: 'https://api.example.com/online-ordering/v2/orders?dryRun=true',
    body: '{"items":[]}',
  },
  { name: 'utf8-body', method: 'PUT', path: '/online-ordering/v1/orders/42', body: '{"note":"Café ☕ ünïcode"}' },
  { name: 'body-with-newlines', method: 'POST', path: '/pos/v2/1001/checks', body: '{\n  "tableId": 7\n}\n' },
]

/** The vectors, computed by the console's signer (the sandbox's independent verifier agrees with it in the tests). */
export function signingVectors(): SigningVector[] {
  return CASES.map((c, i) => {
    const timestamp = TS + i
    const signed = signRequest({ clientId: CLIENT_ID, clientSecret: SECRET, method: c.method, path: c.path, body: c.body, timestamp })
    return { ...c, clientId: CLIENT_ID, clientSecret: SECRET, timestamp, canonical: signed.canonical, signature: signed.signature }
  })
}

/** The explainer's classic mistakes, each applied to the vector it shows best. */
function mistakeVectors(vectors = signingVectors()): MistakeVector[] {
  const by = (name: string) => vectors.find(v => v.name === name) as SigningVector
  const wrong = (id: string, of: SigningVector, mistake: string, canonical: string, key = of.clientSecret): MistakeVector => ({
    id,
    of: of.name,
    mistake,
    canonical,
    signature: hmacHex(key, canonical),
  })
  const get = by('export-tickets-get')
  const mixed = by('mixed-case-path-lower-method')
  const post = by('lookup-tickets-post-json')
  const url = by('full-url-host-dropped')
  const query = get.path.slice(get.path.indexOf('?'))
  const pathOf = (v: SigningVector) =>
    v.canonical.slice(v.clientId.length + v.method.length, v.canonical.length - v.body.length - String(v.timestamp).length)
  return [
    wrong('query-included', get, 'query string included in the path', `${get.clientId}GET${pathOf(get)}${query}${get.timestamp}`),
    wrong('path-not-lowercased', mixed, 'path not lower-cased', `${mixed.clientId}GET/API/V1/Export/1001/Tickets${mixed.timestamp}`),
    wrong('method-not-uppercased', mixed, 'method not upper-cased', `${mixed.clientId}get${pathOf(mixed)}${mixed.timestamp}`),
    wrong(
      'host-included',
      url,
      'scheme and host included',
      `${url.clientId}POSThttps://api.example.com${pathOf(url)}${url.body}${url.timestamp}`,
    ),
    wrong('body-null', get, 'missing body signed as "null"', `${get.clientId}GET${pathOf(get)}null${get.timestamp}`),
    wrong(
      'body-reserialized',
      post,
      'body re-serialized (pretty-printed) instead of the bytes sent',
      `${post.clientId}POST${pathOf(post)}${JSON.stringify(JSON.parse(post.body), null, 2)}${post.timestamp}`,
    ),
    wrong('timestamp-milliseconds', get, 'timestamp in milliseconds', `${get.clientId}GET${pathOf(get)}${get.timestamp * 1000}`),
    wrong(
      'separator-newline',
      post,
      'parts joined with newlines',
      [post.clientId, 'POST', pathOf(post), post.body, String(post.timestamp)].join('\n'),
    ),
    wrong('client-id-as-key', post, 'keyed with the client_id instead of the secret', post.canonical, post.clientId),
  ]
}

/** The vector file partners take home (JSON). */
export function vectorFileText(): string {
  const vectors = signingVectors()
  return `${JSON.stringify(
    {
      description:
        'Partner API HMAC-SHA256 request signing (spec 5.2) test vectors. canonical = client_id + METHOD (upper-case) + path (lower-case, no host, no query) + body (exactly as sent, "" when none) + timestamp (Unix seconds); signature = hex(HMAC-SHA256(client_secret, canonical)). The credentials are made up. "mistakes" are what a signer with that bug produces: yours must not match them.',
      vectors,
      mistakes: mistakeVectors(vectors),
    },
    null,
    2,
  )}\n`
}
