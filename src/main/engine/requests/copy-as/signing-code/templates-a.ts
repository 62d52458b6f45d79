import { jsonLiteral } from './literals'
import type { SigningVector } from './test-vectors'

const rows = (vectors: SigningVector[], row: (v: SigningVector) => string) => vectors.map(row).join('\n')
const args = (v: SigningVector, lit: (s: string) => string) =>
  [v.name, v.clientId, v.clientSecret, v.method, v.path, v.body, String(v.timestamp), v.canonical, v.signature].map(lit).join(', ')

/** Node (standard library only), an ES module. */
export function nodeCode(vectors: SigningVector[]): string {
  return `// Partner API request signing (spec 5.2), Node 18+, standard library only.
// Use:   import { signHeaders } from './partner-sign.mjs'
// Try:   PARTNER_CLIENT_ID=... PARTNER_CLIENT_SECRET=... node partner-sign.mjs sign GET /api/v1/export/1/tickets
// Check: node partner-sign.mjs --self-test
import { createHmac } from 'node:crypto'
import { fileURLToPath } from 'node:url'

/** The path that is signed: no scheme/host, no query or fragment, lower-cased. */
export function signedPath(path) {
  let p = path.replace(/^[a-z][a-z0-9+.-]*:\\/\\/[^/]*/i, '')
  p = p.split('#')[0].split('?')[0]
  return (p === '' ? '/' : p).toLowerCase()
}

/** client_id + METHOD + path + body ('' when none, never "null") + timestamp, without separators. */
export function canonicalString(clientId, method, path, body, timestamp) {
  return clientId + method.toUpperCase() + signedPath(path) + (body ?? '') + String(timestamp)
}

/** Hex HMAC-SHA256 of the canonical string, keyed with the client secret (UTF-8 both). */
export function sign(clientSecret, clientId, method, path, body, timestamp) {
  return createHmac('sha256', clientSecret).update(canonicalString(clientId, method, path, body, timestamp), 'utf8').digest('hex')
}

/** The three headers of a signed request, made now: call it for every request and every retry (a signature lives 10 s). */
export function signHeaders(clientId, clientSecret, method, path, body) {
  const timestamp = Math.floor(Date.now() / 1000)
  return { 'x-access-key': clientId, 'x-timestamp': String(timestamp), 'x-signature': sign(clientSecret, clientId, method, path, body, timestamp) }
}

const VECTORS = [
${rows(vectors, v => `  [${args(v, jsonLiteral)}],`)}
]

function selfTest() {
  let failed = 0
  for (const [name, id, secret, method, path, body, ts, canonical, signature] of VECTORS) {
    const c = canonicalString(id, method, path, body, Number(ts))
    const s = sign(secret, id, method, path, body, Number(ts))
    const ok = c === canonical && s === signature
    if (!ok) failed++
    console.log(\`\${ok ? 'ok  ' : 'FAIL'} \${name}\${ok ? '' : \` got \${s}, want \${signature}\`}\`)
  }
  console.log(failed === 0 ? \`all \${VECTORS.length} vectors pass\` : \`\${failed} vector(s) fail\`)
  return failed === 0 ? 0 : 1
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, method, path, body = ''] = process.argv.slice(2)
  if (command === '--self-test') process.exitCode = selfTest()
  else if (command === 'sign' && method && path) {
    const { PARTNER_CLIENT_ID: id, PARTNER_CLIENT_SECRET: secret } = process.env
    if (!id || !secret) throw new Error('Set PARTNER_CLIENT_ID and PARTNER_CLIENT_SECRET.')
    for (const [k, v] of Object.entries(signHeaders(id, secret, method, path, body))) console.log(\`\${k}: \${v}\`)
  } else console.error('usage: node partner-sign.mjs --self-test | sign METHOD PATH [BODY]')
}
`
}

/** Python 3, standard library only. */
export function pythonCode(vectors: SigningVector[]): string {
  return `"""Partner API request signing (spec 5.2), Python 3, standard library only.

Use:   from partner_sign import sign_headers
Try:   PARTNER_CLIENT_ID=... PARTNER_CLIENT_SECRET=... python3 partner_sign.py sign GET /api/v1/export/1/tickets
Check: python3 partner_sign.py --self-test
"""
import hashlib
import hmac
import os
import re
import sys
import time


def signed_path(path):
    """The path that is signed: no scheme/host, no query or fragment, lower-cased."""
    p = re.sub(r"^[a-zA-Z][a-zA-Z0-9+.-]*://[^/]*", "", path)
    p = p.split("#")[0].split("?")[0]
    return (p or "/").lower()


def canonical_string(client_id, method, path, body, timestamp):
    """client_id + METHOD + path + body ('' when none, never "None") + timestamp, without separators."""
    return client_id + method.upper() + signed_path(path) + (body or "") + str(int(timestamp))


def sign(client_secret, client_id, method, path, body, timestamp):
    """Hex HMAC-SHA256 of the canonical string, keyed with the client secret (UTF-8 both)."""
    message = canonical_string(client_id, method, path, body, timestamp).encode("utf-8")
    return hmac.new(client_secret.encode("utf-8"), message, hashlib.sha256).hexdigest()


def sign_headers(client_id, client_secret, method, path, body=""):
    """The three headers, made now: call it for every request and retry (a signature lives 10 s)."""
    timestamp = int(time.time())
    return {
        "x-access-key": client_id,
        "x-timestamp": str(timestamp),
        "x-signature": sign(client_secret, client_id, method, path, body, timestamp),
    }


VECTORS = [
${rows(vectors, v => `    (${args(v, jsonLiteral)}),`)}
]


def self_test():
    failed = 0
    for name, cid, secret, method, path, body, ts, canonical, signature in VECTORS:
        c = canonical_string(cid, method, path, body, int(ts))
        s = sign(secret, cid, method, path, body, int(ts))
        ok = c == canonical and s == signature
        failed += 0 if ok else 1
        print(("ok   " if ok else "FAIL ") + name + ("" if ok else " got %s, want %s" % (s, signature)))
    print("all %d vectors pass" % len(VECTORS) if failed == 0 else "%d vector(s) fail" % failed)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    if sys.argv[1:2] == ["--self-test"]:
        sys.exit(self_test())
    if len(sys.argv) >= 4 and sys.argv[1] == "sign":
        cid, secret = os.environ.get("PARTNER_CLIENT_ID"), os.environ.get("PARTNER_CLIENT_SECRET")
        if not cid or not secret:
            sys.exit("Set PARTNER_CLIENT_ID and PARTNER_CLIENT_SECRET.")
        body = sys.argv[4] if len(sys.argv) > 4 else ""
        for k, v in sign_headers(cid, secret, sys.argv[2], sys.argv[3], body).items():
            print("%s: %s" % (k, v))
        sys.exit(0)
    sys.exit("usage: python3 partner_sign.py --self-test | sign METHOD PATH [BODY]")
`
}
