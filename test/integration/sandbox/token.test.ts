import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../src/sandbox'
import { bearerGet, obtainTokens, postToken, walkConsent } from './support/oauth-flow'
import { DEMO, READONLY, startTestSandbox } from './support/sandbox-fixture'

let sb: RunningSandbox
beforeAll(async () => {
  sb = await startTestSandbox()
})
afterAll(() => sb.close())

async function freshCode(state?: string): Promise<string> {
  const { location } = await walkConsent(sb, { state })
  return location.searchParams.get('code') as string
}

const exchange = (code: string, overrides: Record<string, string> = {}) =>
  postToken(sb, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: DEMO.redirectUri,
    client_id: DEMO.clientId,
    client_secret: DEMO.secret,
    ...overrides,
  })

describe('POST /oauth2/token/ authorization_code (4.2)', () => {
  it('answers the 2.3 token response with Cache-Control: no-store', async () => {
    const { res, body } = await exchange(await freshCode())
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expiration', 'permissions', 'refresh_token', 'token_type'])
    expect(body.access_token).toMatch(/^sbx_at_[\w-]{40,}$/)
    expect(body.refresh_token).toMatch(/^sbx_rt_[\w-]{40,}$/)
    expect(body.permissions).toEqual(['read:locations', 'write:installations'])
    expect(body.expiration).toBe(86400)
    expect(body.token_type).toBe('Bearer')
  })

  it('accepts application/x-www-form-urlencoded like RFC 6749 servers', async () => {
    const code = await freshCode()
    const res = await fetch(`${sb.url}/oauth2/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: DEMO.redirectUri,
        client_id: DEMO.clientId,
        client_secret: DEMO.secret,
      }).toString(),
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { token_type: string }).token_type).toBe('Bearer')
  })

  it('accepts client credentials in HTTP Basic', async () => {
    const code = await freshCode()
    const res = await fetch(`${sb.url}/oauth2/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${DEMO.clientId}:${DEMO.secret}`).toString('base64')}`,
      },
      body: JSON.stringify({ grant_type: 'authorization_code', code, redirect_uri: DEMO.redirectUri }),
    })
    expect(res.status).toBe(200)
  })

  it('rejects a replayed code with invalid_grant and revokes the tokens it issued', async () => {
    const code = await freshCode()
    const first = await exchange(code)
    expect(first.res.status).toBe(200)
    const access = first.body.access_token as string
    expect((await bearerGet(sb, '/marketplace/v2/platform-token/locations', access)).status).toBe(200)
    const replay = await exchange(code)
    expect(replay.res.status).toBe(400)
    expect(replay.body.error).toBe('invalid_grant')
    expect(replay.body.error_description).toMatch(/already used/)
    expect(replay.res.headers.get('cache-control')).toBe('no-store')
    const after = await bearerGet(sb, '/marketplace/v2/platform-token/locations', access)
    expect(after.status).toBe(401)
    const refresh = await postToken(sb, {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token as string,
      client_id: DEMO.clientId,
      client_secret: DEMO.secret,
    })
    expect(refresh.body.error).toBe('invalid_grant')
  })

  it('rejects a code presented by another client', async () => {
    const code = await freshCode()
    const other = await exchange(code, { client_id: READONLY.clientId, client_secret: READONLY.secret })
    expect(other.res.status).toBe(400)
    expect(other.body).toEqual({ error: 'invalid_grant', error_description: 'authorization code was issued to another client' })
    // the rightful client can still use it: a foreign attempt does not burn the code
    expect((await exchange(code)).res.status).toBe(200)
  })

  it('rejects a redirect_uri that differs from the authorization request', async () => {
    const code = await freshCode()
    const other = await exchange(code, { redirect_uri: 'http://localhost:8765/callback' })
    expect(other.res.status).toBe(400)
    expect(other.body.error).toBe('invalid_grant')
    expect(other.body.error_description).toMatch(/redirect_uri/)
  })

  it('rejects a code older than its TTL (sandbox clock)', async () => {
    const short = await startTestSandbox({ codeTtlSeconds: 60 })
    try {
      const { location } = await walkConsent(short)
      short.clock.advance(60_000)
      const { res, body } = await postToken(short, {
        grant_type: 'authorization_code',
        code: location.searchParams.get('code') as string,
        redirect_uri: DEMO.redirectUri,
        client_id: DEMO.clientId,
        client_secret: DEMO.secret,
      })
      expect(res.status).toBe(400)
      expect(body.error).toBe('invalid_grant')
      expect(body.error_description).toMatch(/expired/)
    } finally {
      await short.close()
    }
  })

  it('rejects an unknown code', async () => {
    const { res, body } = await exchange('sbx_ac_made-up')
    expect(res.status).toBe(400)
    expect(body.error).toBe('invalid_grant')
  })

  it('answers 401 invalid_client for a wrong secret or missing credentials', async () => {
    const code = await freshCode()
    const wrong = await exchange(code, { client_secret: 'nope' })
    expect(wrong.res.status).toBe(401)
    expect(wrong.body.error).toBe('invalid_client')
    const missing = await postToken(sb, { grant_type: 'authorization_code', code, redirect_uri: DEMO.redirectUri })
    expect(missing.res.status).toBe(401)
    expect(missing.body.error).toBe('invalid_client')
    expect((await exchange(code)).res.status).toBe(200)
  })

  it('answers 400 unsupported_grant_type for an unknown grant', async () => {
    const { res, body } = await postToken(sb, { grant_type: 'password', client_id: DEMO.clientId, client_secret: DEMO.secret })
    expect(res.status).toBe(400)
    expect(body.error).toBe('unsupported_grant_type')
  })

  it('answers 400 invalid_request for missing fields and malformed bodies', async () => {
    const noCode = await postToken(sb, {
      grant_type: 'authorization_code',
      redirect_uri: DEMO.redirectUri,
      client_id: DEMO.clientId,
      client_secret: DEMO.secret,
    })
    expect(noCode.res.status).toBe(400)
    expect(noCode.body).toEqual({ error: 'invalid_request', error_description: 'missing required field(s): code' })
    const noGrant = await postToken(sb, { client_id: DEMO.clientId, client_secret: DEMO.secret })
    expect(noGrant.body.error).toBe('invalid_request')
    const broken = await fetch(`${sb.url}/oauth2/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"grant_type":',
    })
    expect(broken.status).toBe(400)
    expect(((await broken.json()) as { error: string }).error).toBe('invalid_request')
  })
})

describe('POST /oauth2/token/ refresh_token (4.3)', () => {
  it('answers the 2.4 response (no expiration) and the new access token works', async () => {
    const tokens = await obtainTokens(sb)
    const { res, body } = await postToken(sb, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: DEMO.clientId,
      client_secret: DEMO.secret,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(Object.keys(body).sort()).toEqual(['access_token', 'permissions', 'refresh_token', 'token_type'])
    expect(body.access_token).not.toBe(tokens.access_token)
    expect(body.permissions).toEqual(tokens.permissions)
    expect((await bearerGet(sb, '/marketplace/v2/platform-token/locations', body.access_token as string)).status).toBe(200)
  })

  it('rotates the refresh token: the old one is refused afterwards', async () => {
    const tokens = await obtainTokens(sb)
    const req = (rt: string) =>
      postToken(sb, { grant_type: 'refresh_token', refresh_token: rt, client_id: DEMO.clientId, client_secret: DEMO.secret })
    const first = await req(tokens.refresh_token)
    expect(first.res.status).toBe(200)
    expect(first.body.refresh_token).not.toBe(tokens.refresh_token)
    const again = await req(tokens.refresh_token)
    expect(again.res.status).toBe(400)
    expect(again.body.error).toBe('invalid_grant')
    expect((await req(first.body.refresh_token as string)).res.status).toBe(200)
  })

  it('keeps the refresh token when rotation is switched off', async () => {
    const plain = await startTestSandbox({ rotateRefreshTokens: false })
    try {
      const tokens = await obtainTokens(plain)
      const req = () =>
        postToken(plain, {
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token,
          client_id: DEMO.clientId,
          client_secret: DEMO.secret,
        })
      const a = await req()
      expect(a.body.refresh_token).toBe(tokens.refresh_token)
      expect((await req()).res.status).toBe(200)
    } finally {
      await plain.close()
    }
  })

  it('refuses a refresh token of another client, an access token, and a missing one', async () => {
    const tokens = await obtainTokens(sb)
    const foreign = await postToken(sb, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: READONLY.clientId,
      client_secret: READONLY.secret,
    })
    expect(foreign.body.error).toBe('invalid_grant')
    const wrongKind = await postToken(sb, {
      grant_type: 'refresh_token',
      refresh_token: tokens.access_token,
      client_id: DEMO.clientId,
      client_secret: DEMO.secret,
    })
    expect(wrongKind.body.error).toBe('invalid_grant')
    const missing = await postToken(sb, { grant_type: 'refresh_token', client_id: DEMO.clientId, client_secret: DEMO.secret })
    expect(missing.res.status).toBe(400)
    expect(missing.body.error).toBe('invalid_request')
  })

  it('refuses an expired refresh token when a refresh lifetime is configured', async () => {
    const short = await startTestSandbox({ refreshTokenTtlSeconds: 3600 })
    try {
      const tokens = await obtainTokens(short)
      short.clock.advance(3600_000)
      const { body } = await postToken(short, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: DEMO.clientId,
        client_secret: DEMO.secret,
      })
      expect(body).toEqual({ error: 'invalid_grant', error_description: 'refresh token has expired' })
    } finally {
      await short.close()
    }
  })
})
