import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../src/sandbox'
import { authorizeUrl, hiddenField, walkConsent } from './support/oauth-flow'
import { DEMO, MERCHANT_A, MERCHANT_B, READONLY, startTestSandbox } from './support/sandbox-fixture'

let sb: RunningSandbox
beforeAll(async () => {
  sb = await startTestSandbox()
})
afterAll(() => sb.close())

const base = { client_id: DEMO.clientId, redirect_uri: DEMO.redirectUri, response_type: 'code' }

describe('GET /oauth2/authorize/ (4.1)', () => {
  it('shows a real login form bound to a pending authorization', async () => {
    const res = await fetch(authorizeUrl(sb, base), { redirect: 'manual' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await res.text()
    expect(html).toContain('<form method="post" action="/oauth2/authorize/login">')
    expect(html).toContain('name="username"')
    expect(html).toContain('type="password"')
    expect(hiddenField(html, 'pending')).toMatch(/^[\w-]{16,}$/)
    expect(hiddenField(html, 'csrf')).toMatch(/^[\w-]{24,}$/)
  })

  it('shows an error page, never a redirect, when redirect_uri differs from the registered one', async () => {
    const sent = 'http://127.0.0.1:8765/callback/'
    const res = await fetch(authorizeUrl(sb, { ...base, redirect_uri: sent }), { redirect: 'manual' })
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
    const html = await res.text()
    expect(html).toContain('redirect_uri mismatch')
    expect(html).toContain(`<td id="sent-redirect-uri">${sent}</td>`)
    expect(html).toContain(`<td>${DEMO.redirectUri}</td>`)
  })

  it('shows an error page when redirect_uri is missing', async () => {
    const { redirect_uri: _omit, ...rest } = base
    const res = await fetch(authorizeUrl(sb, rest), { redirect: 'manual' })
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
    expect(await res.text()).toContain('redirect_uri parameter is missing')
  })

  it('shows an error page for an unknown client_id', async () => {
    const res = await fetch(authorizeUrl(sb, { ...base, client_id: 'nobody' }), { redirect: 'manual' })
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
    expect(await res.text()).toContain('Unknown client_id')
  })

  it('escapes what it echoes on the error page', async () => {
    const res = await fetch(authorizeUrl(sb, { ...base, redirect_uri: 'http://x/<script>alert(1)</script>' }))
    const html = await res.text()
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).toContain('&lt;script&gt;')
  })

  it('reports a wrong response_type to the verified redirect_uri with state', async () => {
    const res = await fetch(authorizeUrl(sb, { ...base, response_type: 'token', state: 's1' }), { redirect: 'manual' })
    expect(res.status).toBe(302)
    const loc = new URL(res.headers.get('location') as string)
    expect(loc.origin + loc.pathname).toBe(DEMO.redirectUri)
    expect(loc.searchParams.get('error')).toBe('unsupported_response_type')
    expect(loc.searchParams.get('state')).toBe('s1')
  })

  it('redirects with a code and the echoed state after Allow', async () => {
    const { location } = await walkConsent(sb, { state: 'xyz-123' })
    expect(`${location.origin}${location.pathname}`).toBe(DEMO.redirectUri)
    expect(location.searchParams.get('code')).toMatch(/^sbx_ac_[\w-]+$/)
    expect(location.searchParams.get('state')).toBe('xyz-123')
    expect(location.searchParams.get('error')).toBeNull()
  })

  it('sends no state when none was sent', async () => {
    const { location } = await walkConsent(sb)
    expect(location.searchParams.has('state')).toBe(false)
    expect(location.searchParams.get('code')).toBeTruthy()
  })

  it('redirects with error=access_denied and the state after Deny', async () => {
    const { location } = await walkConsent(sb, { state: 'deny-me', decision: 'deny' })
    expect(location.searchParams.get('error')).toBe('access_denied')
    expect(location.searchParams.get('state')).toBe('deny-me')
    expect(location.searchParams.has('code')).toBe(false)
  })

  it('lists the client permissions on the consent page (read-only client: one permission)', async () => {
    const full = await walkConsent(sb, { decision: 'deny' })
    expect(full.consentHtml).toContain('<code>read:locations</code>')
    expect(full.consentHtml).toContain('<code>write:installations</code>')
    expect(full.consentHtml).toMatch(/<button[^>]*id="allow"[^>]*>Allow<\/button>/)
    expect(full.consentHtml).toMatch(/<button[^>]*id="deny"[^>]*>Deny<\/button>/)
    const ro = await walkConsent(sb, { clientId: READONLY.clientId, redirectUri: READONLY.redirectUri, decision: 'deny' })
    expect(ro.consentHtml).toContain('<code>read:locations</code>')
    expect(ro.consentHtml).not.toContain('<code>write:installations</code>')
  })

  it('names the signed-in merchant on the consent page', async () => {
    const { consentHtml } = await walkConsent(sb, { login: MERCHANT_B, decision: 'deny' })
    expect(consentHtml).toContain('Café Lumière SARL')
  })

  it('refuses a wrong password with 401 and shows the login form again', async () => {
    const page = await (await fetch(authorizeUrl(sb, base))).text()
    const res = await fetch(`${sb.url}/oauth2/authorize/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        pending: hiddenField(page, 'pending'),
        csrf: hiddenField(page, 'csrf'),
        username: MERCHANT_A.username,
        password: 'wrong',
      }).toString(),
    })
    expect(res.status).toBe(401)
    const html = await res.text()
    expect(html).toContain('Unknown username or wrong password')
    expect(html).toContain('name="password"')
  })

  it('refuses a login post whose CSRF field does not belong to the pending authorization', async () => {
    const page = await (await fetch(authorizeUrl(sb, base))).text()
    const res = await fetch(`${sb.url}/oauth2/authorize/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        pending: hiddenField(page, 'pending'),
        csrf: 'forged-value',
        ...MERCHANT_A,
      }).toString(),
    })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('Authorization expired')
  })

  it('refuses a decision before sign-in, and a second decision for the same authorization', async () => {
    const page = await (await fetch(authorizeUrl(sb, base))).text()
    const fields = { pending: hiddenField(page, 'pending'), csrf: hiddenField(page, 'csrf') }
    const post = (path: string, extra: Record<string, string>) =>
      fetch(`${sb.url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...fields, ...extra }).toString(),
      })
    const early = await post('/oauth2/authorize/decision', { decision: 'allow' })
    expect(early.status).toBe(400)
    expect((await post('/oauth2/authorize/login', MERCHANT_A)).status).toBe(200)
    expect((await post('/oauth2/authorize/decision', { decision: 'allow' })).status).toBe(302)
    expect((await post('/oauth2/authorize/decision', { decision: 'allow' })).status).toBe(400)
  })
})

describe('authorize switches', () => {
  it('echoState: false drops state from the redirect', async () => {
    const quiet = await startTestSandbox({ echoState: false })
    try {
      const { location } = await walkConsent(quiet, { state: 'abc' })
      expect(location.searchParams.get('code')).toBeTruthy()
      expect(location.searchParams.has('state')).toBe(false)
    } finally {
      await quiet.close()
    }
  })

  it('autoConsent allow/deny skips the pages and redirects at once', async () => {
    const allow = await startTestSandbox({ autoConsent: 'allow' })
    const deny = await startTestSandbox({ autoConsent: 'deny' })
    try {
      const a = await fetch(authorizeUrl(allow, { ...base, state: 'st' }), { redirect: 'manual' })
      expect(a.status).toBe(302)
      const la = new URL(a.headers.get('location') as string)
      expect(la.searchParams.get('code')).toMatch(/^sbx_ac_/)
      expect(la.searchParams.get('state')).toBe('st')
      const d = await fetch(authorizeUrl(deny, { ...base, state: 'st' }), { redirect: 'manual' })
      const ld = new URL(d.headers.get('location') as string)
      expect(ld.searchParams.get('error')).toBe('access_denied')
      expect(ld.searchParams.get('state')).toBe('st')
      const mismatch = await fetch(authorizeUrl(allow, { ...base, redirect_uri: 'http://evil.example/cb' }), {
        redirect: 'manual',
      })
      expect(mismatch.status).toBe(400)
    } finally {
      await allow.close()
      await deny.close()
    }
  })
})
