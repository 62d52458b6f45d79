import { createHash, randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import type { RunningSandbox, SandboxOptions } from '../../../src/sandbox'
import { DEMO, startTestSandbox } from '../sandbox/support/sandbox-fixture'

// docs/security.md, item 8: the sandbox's token endpoint is fair (a page cannot use up a client's quota with wrong
// secrets), faithful (PKCE verified, WWW-Authenticate only for Basic), and never redirects off-site.

const running: RunningSandbox[] = []
afterEach(async () => {
  for (const sb of running.splice(0)) await sb.close()
})

async function sandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const sb = await startTestSandbox(opts)
  running.push(sb)
  return sb
}

function tokenRequest(sb: RunningSandbox, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${sb.url}/oauth2/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  })
}

/** Authorizes with auto-consent, sending the given extra authorize parameters; returns the code (or the redirect). */
async function authorizeWith(sb: RunningSandbox, extra: Record<string, string>): Promise<URL> {
  const q = new URLSearchParams({ client_id: DEMO.clientId, redirect_uri: DEMO.redirectUri, response_type: 'code', state: 's', ...extra })
  const res = await fetch(`${sb.url}/oauth2/authorize/?${q}`, { redirect: 'manual' })
  await res.arrayBuffer()
  expect(res.status).toBe(302)
  return new URL(res.headers.get('location') as string)
}

const exchange = (sb: RunningSandbox, code: string, extra: Record<string, string> = {}) =>
  tokenRequest(sb, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: DEMO.redirectUri,
    client_id: DEMO.clientId,
    client_secret: DEMO.secret,
    ...extra,
  })

describe('sandbox token endpoint: quota only after client authentication', () => {
  it('wrong secrets from anyone do not use up the client quota', async () => {
    const sb = await sandbox({ limits: { defaultPerWindow: 3, countUnidentified: false } })
    for (let i = 0; i < 6; i++) {
      const res = await tokenRequest(sb, {
        grant_type: 'refresh_token',
        refresh_token: 'x',
        client_id: DEMO.clientId,
        client_secret: `wrong-${i}`,
      })
      expect(res.status).toBe(401)
      await res.arrayBuffer()
    }
    // The real client still has its whole quota.
    const res = await tokenRequest(sb, {
      grant_type: 'refresh_token',
      refresh_token: 'unknown',
      client_id: DEMO.clientId,
      client_secret: DEMO.secret,
    })
    expect(res.status).toBe(400)
    expect(res.headers.get('x-ratelimit-remaining')).toBe('2')
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('unauthenticated attempts are limited per address instead (limits.countUnidentified)', async () => {
    const sb = await sandbox({ limits: { defaultPerWindow: 2 } })
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      const res = await tokenRequest(sb, {
        grant_type: 'refresh_token',
        refresh_token: 'x',
        client_id: DEMO.clientId,
        client_secret: 'wrong',
      })
      statuses.push(res.status)
      await res.arrayBuffer()
    }
    expect(statuses).toEqual([401, 401, 429, 429])
    const ok = await tokenRequest(sb, {
      grant_type: 'refresh_token',
      refresh_token: 'unknown',
      client_id: DEMO.clientId,
      client_secret: DEMO.secret,
    })
    expect(ok.status).toBe(400)
    await ok.arrayBuffer()
  })
})

describe('sandbox token endpoint: PKCE (RFC 7636) is verified when a challenge was sent', () => {
  const verifier = randomBytes(32).toString('base64url')
  const s256 = createHash('sha256').update(verifier).digest('base64url')

  it('S256: no verifier or a wrong one is invalid_grant (the code survives), the right one gets tokens', async () => {
    const sb = await sandbox({ autoConsent: 'allow' })
    const code = (await authorizeWith(sb, { code_challenge: s256, code_challenge_method: 'S256' })).searchParams.get('code') as string
    const missing = await exchange(sb, code)
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/code_verifier is required/),
    })
    const wrong = await exchange(sb, code, { code_verifier: randomBytes(32).toString('base64url') })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/does not match/) })
    const right = await exchange(sb, code, { code_verifier: verifier })
    expect(right.status).toBe(200)
    expect(await right.json()).toHaveProperty('access_token')
  })

  it('plain (the default method): the verifier must equal the challenge', async () => {
    const sb = await sandbox({ autoConsent: 'allow' })
    const code = (await authorizeWith(sb, { code_challenge: verifier })).searchParams.get('code') as string
    const wrong = await exchange(sb, code, { code_verifier: s256 })
    expect(wrong.status).toBe(400)
    await wrong.arrayBuffer()
    const right = await exchange(sb, code, { code_verifier: verifier })
    expect(right.status).toBe(200)
    await right.arrayBuffer()
  })

  it('an unknown method is refused on the authorize redirect; without a challenge nothing changes; the switch turns it off', async () => {
    const sb = await sandbox({ autoConsent: 'allow' })
    const refused = await authorizeWith(sb, { code_challenge: s256, code_challenge_method: 'S512' })
    expect(refused.searchParams.get('error')).toBe('invalid_request')
    const plainFlow = (await authorizeWith(sb, {})).searchParams.get('code') as string
    const tokens = await exchange(sb, plainFlow)
    expect(tokens.status).toBe(200)
    await tokens.arrayBuffer()
    const lenient = await sandbox({ autoConsent: 'allow', verifyPkce: false })
    const code = (await authorizeWith(lenient, { code_challenge: s256, code_challenge_method: 'S256' })).searchParams.get('code') as string
    const unchecked = await exchange(lenient, code)
    expect(unchecked.status).toBe(200)
    await unchecked.arrayBuffer()
  })
})

describe('sandbox token endpoint: WWW-Authenticate only for Basic (RFC 6749 5.2)', () => {
  it('credentials in the body get the JSON error alone; Basic gets the challenge too', async () => {
    const sb = await sandbox()
    const body = await tokenRequest(sb, {
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_id: DEMO.clientId,
      client_secret: 'wrong',
    })
    expect(body.status).toBe(401)
    expect(body.headers.get('www-authenticate')).toBeNull()
    expect(await body.json()).toMatchObject({ error: 'invalid_client' })
    const basic = await tokenRequest(
      sb,
      { grant_type: 'refresh_token', refresh_token: 'x' },
      { authorization: `Basic ${Buffer.from(`${DEMO.clientId}:wrong`).toString('base64')}` },
    )
    expect(basic.status).toBe(401)
    expect(basic.headers.get('www-authenticate')).toBe('Basic realm="sandbox"')
    expect(await basic.json()).toMatchObject({ error: 'invalid_client' })
  })
})

describe('no redirect off-site', () => {
  it('/.//host/x and friends never answer with a Location to another host', async () => {
    const sb = await sandbox()
    for (const path of ['/.//evil.example/x', '//evil.example/x', '/./%2F%2Fevil.example', '/oauth2/authorize/..//evil.example']) {
      const res = await fetch(`${sb.url}${path}`, { redirect: 'manual' })
      await res.arrayBuffer()
      const location = res.headers.get('location')
      if (location !== null) expect(new URL(location, sb.url).origin).toBe(new URL(sb.url).origin)
    }
  })
})
