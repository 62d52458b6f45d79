import { describe, expect, it } from 'vitest'
import { isAllowedHost, isAllowedOrigin, readCookie, tokenMatches } from '../../../src/main/web/request-guard'

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

  it('reads one cookie among several', () => {
    expect(readCookie('a=1; pc_session_4000=tok%2D1; b=2', 'pc_session_4000')).toBe('tok-1')
    expect(readCookie('pc_session_4001=x', 'pc_session_4000')).toBeUndefined()
    expect(readCookie(undefined, 'x')).toBeUndefined()
  })
})
