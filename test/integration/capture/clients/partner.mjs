// A partner's own integration, as small as it gets (Node 24, fetch): authorize, token, locations (bearer), then the
// signed export twice: once right, once signing the query string too (a classic mistake). It knows nothing of the
// console: only PARTNER_* variables and, in proxy mode, the proxy and CA variables.
import { createHmac } from 'node:crypto'

const {
  PARTNER_AUTH_URL: auth,
  PARTNER_BASE_URL: base,
  PARTNER_CLIENT_ID: id,
  PARTNER_CLIENT_SECRET: secret,
  PARTNER_REDIRECT_URI: redirect,
} = process.env
const authorize = await fetch(`${auth}/oauth2/authorize/?client_id=${id}&redirect_uri=${encodeURIComponent(redirect)}&response_type=code`, {
  redirect: 'manual',
})
const code = new URL(authorize.headers.get('location')).searchParams.get('code')
const token = await (
  await fetch(`${auth}/oauth2/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'authorization_code', code, redirect_uri: redirect, client_id: id, client_secret: secret }),
  })
).json()
const locations = await (
  await fetch(`${base}/marketplace/v2/platform-token/locations`, { headers: { authorization: `Bearer ${token.access_token}` } })
).json()
const location = locations.results[0].id
const path = `/api/v1/export/${location}/tickets`
const query = 'filter[dateTimeFrom]=2026-01-01&filter[dateTimeTo]=2026-01-07'
for (const signed of [path, `${path}?${query}`]) {
  // The server refuses a signature it has seen: a new second, a new timestamp.
  await new Promise(resolve => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5))
  const ts = Math.floor(Date.now() / 1000)
  const signature = createHmac('sha256', secret).update(`${id}GET${signed.toLowerCase()}${ts}`).digest('hex')
  const r = await fetch(`${base}${path}?${query}`, { headers: { 'x-access-key': id, 'x-timestamp': String(ts), 'x-signature': signature } })
  console.log(`export ${r.status}`)
  await r.arrayBuffer()
}
console.log(`node client done: ${locations.results.length} locations`)
