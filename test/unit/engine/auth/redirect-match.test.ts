import { describe, expect, it } from 'vitest'
import { callbackParamsOf, isOAuthAnswer, matchesRedirectUri } from '../../../../src/main/engine/oauth/redirect-match'

describe('matchesRedirectUri', () => {
  it('matches the registered URI with the OAuth answer appended, whatever the scheme or host', () => {
    expect(matchesRedirectUri('https://partner.example/oauth/cb?code=abc&state=s', 'https://partner.example/oauth/cb')).toBe(true)
    expect(matchesRedirectUri('http://127.0.0.1:53682/callback?error=access_denied', 'http://127.0.0.1:53682/callback')).toBe(true)
    expect(matchesRedirectUri('com.partner.app:/oauth2redirect?code=x', 'com.partner.app:/oauth2redirect')).toBe(true)
    expect(matchesRedirectUri('myapp://callback?code=x', 'myapp://callback')).toBe(true)
    expect(matchesRedirectUri('https://partner.example/oauth/cb#code=x', 'https://partner.example/oauth/cb')).toBe(true)
  })

  it('treats host case and default ports as equal, as the browser does', () => {
    expect(matchesRedirectUri('https://PARTNER.example/cb?code=1', 'https://partner.example/cb')).toBe(true)
    expect(matchesRedirectUri('https://partner.example:443/cb?code=1', 'https://partner.example/cb')).toBe(true)
  })

  it('refuses a different scheme, host, port, path or trailing slash', () => {
    const registered = 'https://partner.example/oauth/cb'
    expect(matchesRedirectUri('http://partner.example/oauth/cb?code=1', registered)).toBe(false)
    expect(matchesRedirectUri('https://evil.example/oauth/cb?code=1', registered)).toBe(false)
    expect(matchesRedirectUri('https://partner.example.evil.example/oauth/cb?code=1', registered)).toBe(false)
    expect(matchesRedirectUri('https://partner.example:8443/oauth/cb?code=1', registered)).toBe(false)
    expect(matchesRedirectUri('https://partner.example/oauth/cb/?code=1', registered)).toBe(false)
    expect(matchesRedirectUri('https://partner.example/oauth/cbx?code=1', registered)).toBe(false)
    expect(matchesRedirectUri('https://partner.example/OAUTH/cb?code=1', registered)).toBe(false)
    expect(matchesRedirectUri('https://partner.example/oauth?code=1', registered)).toBe(false)
    expect(matchesRedirectUri('not a url', registered)).toBe(false)
  })

  it('requires the query parameters the registered URI itself carries', () => {
    const registered = 'https://partner.example/cb?tenant=42'
    expect(matchesRedirectUri('https://partner.example/cb?tenant=42&code=1', registered)).toBe(true)
    expect(matchesRedirectUri('https://partner.example/cb?code=1', registered)).toBe(false)
    expect(matchesRedirectUri('https://partner.example/cb?tenant=43&code=1', registered)).toBe(false)
  })
})

describe('callbackParamsOf', () => {
  it('reads code, state and error fields from the query, decoded', () => {
    expect(callbackParamsOf('https://p.example/cb?code=a%2Bb&state=xyz')).toEqual({ code: 'a+b', state: 'xyz' })
    expect(callbackParamsOf('https://p.example/cb?error=access_denied&error_description=User+said+no&state=s')).toEqual({
      error: 'access_denied',
      errorDescription: 'User said no',
      state: 's',
    })
  })

  it('falls back to the fragment and tells an answer from a bare visit', () => {
    expect(callbackParamsOf('https://p.example/cb#code=c&state=s')).toEqual({ code: 'c', state: 's' })
    expect(isOAuthAnswer(callbackParamsOf('https://p.example/cb'))).toBe(false)
    expect(isOAuthAnswer(callbackParamsOf('https://p.example/cb?error=server_error'))).toBe(true)
    expect(callbackParamsOf('::')).toEqual({})
  })
})
