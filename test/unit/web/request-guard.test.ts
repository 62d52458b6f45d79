import { describe, expect, it } from 'vitest'
import { hasSessionCookie, isAllowedHost, isAllowedOrigin, newSessionCookieName, tokenMatches } from '../../../src/main/web/request-guard'

describe('web host request guard', () => {
  it('accepts only loopback Host headers naming this port', () => {
    expect(isAllowedHost('127.0.0.1:4000', 4000)).toBe(true)
    expect(isAllowedHost('localhost:4000', 4000)).toBe(true)
    expect(isAllowedHost('LOCALHOST:4000', 4000)).toBe(true)
    expect(isAllowedHost('127.0.0.1:4001', 4000)).toBe(false)
    expect(isAllowedHost('evil.example:4000', 4000)).toBe(false)
    expect(isAllowedHost('127.0.0.1', 4000)).toBe(false)
    expect(isAllowedHost(undefined, 4000)).toBe(false)
  })

  it('accepts only this very origin for sockets', () => {
    expect(isAllowedOrigin('http://127.0.0.1:4000', 4000)).toBe(true)
    expect(isAllowedOrigin('http://localhost:4000', 4000)).toBe(true)
    expect(isAllowedOrigin('https://127.0.0.1:4000', 4000)).toBe(false)
    expect(isAllowedOrigin('http://127.0.0.1:4000.evil.example', 4000)).toBe(false)
    expect(isAllowedOrigin('null', 4000)).toBe(false)
    expect(isAllowedOrigin(undefined, 4000)).toBe(false)
  })

  it('compares tokens exactly', () => {
    expect(tokenMatches('abc', 'abc')).toBe(true)
    expect(tokenMatches('abd', 'abc')).toBe(false)
    expect(tokenMatches('ab', 'abc')).toBe(false)
    expect(tokenMatches('', 'abc')).toBe(false)
    expect(tokenMatches(null, 'abc')).toBe(false)
  })

  it('finds the session among several cookies, percent-decoded', () => {
    expect(hasSessionCookie('a=1; pc_s=tok%2D1; b=2', 'pc_s', 'tok-1')).toBe(true)
    expect(hasSessionCookie('pc_t=tok-1', 'pc_s', 'tok-1')).toBe(false)
    expect(hasSessionCookie(undefined, 'pc_s', 'tok-1')).toBe(false)
    expect(hasSessionCookie('pc_s=', 'pc_s', 'tok-1')).toBe(false)
  })

  it('accepts the session when any cookie of that name matches, and skips values that do not decode', () => {
    // A page on another 127.0.0.1 port planted these (Path=/bridge makes them come first).
    expect(hasSessionCookie('pc_s=planted; pc_s=tok-1', 'pc_s', 'tok-1')).toBe(true)
    expect(hasSessionCookie('pc_s=%E0%A4%A; pc_s=tok-1', 'pc_s', 'tok-1')).toBe(true)
    expect(hasSessionCookie('pc_s=%E0%A4%A', 'pc_s', 'tok-1')).toBe(false)
    expect(hasSessionCookie('pc_s=%; pc_s=%ZZ; pc_s=tok-1', 'pc_s', 'tok-1')).toBe(true)
  })

  it('names the session cookie differently at every launch', () => {
    const names = new Set(Array.from({ length: 50 }, () => newSessionCookieName(4000)))
    expect(names.size).toBe(50)
    for (const n of names) expect(n).toMatch(/^pc_session_4000_[\w-]{12}$/)
  })
})
