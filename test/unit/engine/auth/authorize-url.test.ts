import { describe, expect, it } from 'vitest'
import { buildAuthorizeUrl, newPkcePair, newState, pkceChallenge } from '../../../../src/main/engine/oauth/authorize-url'

describe('buildAuthorizeUrl', () => {
  const base = {
    authUrl: 'https://auth.example.com',
    path: '/oauth2/authorize/',
    clientId: 'partner app',
    redirectUri: 'https://app.example.com/cb?x=1&y=2',
    state: 'st',
  }

  it('carries the spec 4.1 parameters plus state, the redirect URI exactly as configured', () => {
    const { url, params } = buildAuthorizeUrl(base)
    expect(url.startsWith('https://auth.example.com/oauth2/authorize/?')).toBe(true)
    const q = new URL(url).searchParams
    expect(q.get('client_id')).toBe('partner app')
    expect(q.get('redirect_uri')).toBe('https://app.example.com/cb?x=1&y=2')
    expect(q.get('response_type')).toBe('code')
    expect(q.get('state')).toBe('st')
    expect(q.has('code_challenge')).toBe(false)
    expect(params.map(p => p.name)).toEqual(['client_id', 'redirect_uri', 'response_type', 'state'])
    expect(params.every(p => p.note.length > 10)).toBe(true)
  })

  it('adds an S256 challenge when PKCE is on', () => {
    const q = new URL(buildAuthorizeUrl({ ...base, codeChallenge: 'abc' }).url).searchParams
    expect(q.get('code_challenge')).toBe('abc')
    expect(q.get('code_challenge_method')).toBe('S256')
  })
})

describe('state and PKCE', () => {
  it('makes a fresh 128-bit state every time', () => {
    const states = new Set(Array.from({ length: 200 }, () => newState()))
    expect(states.size).toBe(200)
    for (const s of states) expect(s).toMatch(/^[A-Za-z0-9_-]{22}$/)
  })

  it('computes the RFC 7636 appendix B challenge', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')
    const pair = newPkcePair()
    expect(pair.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(pair.challenge).toBe(pkceChallenge(pair.verifier))
  })
})
