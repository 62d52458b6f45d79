import { describe, expect, it } from 'vitest'
import { isLoopbackHost, redirectUriAsSent, validateSettings } from '../../../../src/main/engine/environments/validate-settings'

const ok = {
  name: 'Prod',
  authUrl: 'https://auth.example.com',
  baseUrl: 'https://api.example.com',
  clientId: 'cid',
  redirectUri: 'https://app.example.com/cb',
}
const paths = (settings: Parameters<typeof validateSettings>[0]) => validateSettings(settings).issues.map(i => i.path)

describe('validateSettings', () => {
  it('accepts a well-formed environment and shows the redirect URI as it will be sent', () => {
    const check = validateSettings(ok)
    expect(check.issues).toEqual([])
    expect(check.redirectUriAsSent).toBe('redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb')
  })

  it('requires https except on loopback, for the hosts and the redirect URI', () => {
    expect(paths({ ...ok, authUrl: 'http://auth.example.com' })).toEqual(['authUrl'])
    expect(paths({ ...ok, baseUrl: 'http://api.example.com' })).toEqual(['baseUrl'])
    expect(paths({ ...ok, redirectUri: 'http://app.example.com/cb' })).toEqual(['redirectUri'])
    expect(
      paths({ ...ok, authUrl: 'http://127.0.0.1:8080', baseUrl: 'http://localhost:8080', redirectUri: 'http://[::1]:9000/cb' }),
    ).toEqual([])
  })

  it('explains malformed URLs, whitespace, credentials, query strings and fragments', () => {
    const check = validateSettings({
      ...ok,
      authUrl: 'auth.example.com',
      baseUrl: 'https://u:p@api.example.com/?x=1',
      clientId: ' cid',
      redirectUri: 'https://app.example.com/cb#frag',
    })
    expect(check.issues.map(i => i.path)).toEqual(['authUrl', 'baseUrl', 'baseUrl', 'clientId', 'redirectUri'])
    expect(check.issues[0]?.message).toMatch(/not an absolute URL/)
    expect(check.issues.at(-1)?.message).toMatch(/fragment/)
    expect(paths({ ...ok, redirectUri: 'https://app.example.com/cb ' })).toEqual(['redirectUri'])
    expect(paths({ ...ok, authUrl: 'ftp://auth.example.com' })).toEqual(['authUrl'])
  })

  it('checks that the catch mode can receive the redirect URI', () => {
    expect(paths({ ...ok, catchMode: 'loopback' })).toEqual(['catchMode'])
    expect(paths({ ...ok, catchMode: 'embedded' })).toEqual([])
    expect(paths({ ...ok, redirectUri: 'com.partner.app:/cb', catchMode: 'embedded' })).toEqual([])
    expect(paths({ ...ok, redirectUri: 'http://127.0.0.1:53682/callback', catchMode: 'loopback' })).toEqual([])
    expect(validateSettings({ ...ok, redirectUri: 'http://127.0.0.1/callback', catchMode: 'loopback' }).warnings.join()).toMatch(/port 80/)
  })

  it('warns about the details that break an exact match', () => {
    const warn = (redirectUri: string) => validateSettings({ ...ok, redirectUri, catchMode: 'paste' }).warnings.join(' ')
    expect(warn('https://app.example.com/cb/')).toMatch(/ends with "\/"/)
    expect(warn('https://app.example.com:443/cb')).toMatch(/default port/)
    expect(warn('https://app.example.com/o%2Fcb')).toMatch(/percent-encoded/)
    expect(warn('http://localhost:8000/cb')).toMatch(/"localhost"/)
  })

  it('checks path overrides', () => {
    expect(paths({ ...ok, paths: { token: 'oauth/token' } })).toEqual(['paths.token'])
    expect(paths({ ...ok, paths: { locations: '/x?y=1' } })).toEqual(['paths.locations'])
    expect(paths({ ...ok, paths: { exportTickets: '/v2/export/{locationId}/tickets' } })).toEqual([])
  })
})

describe('loopback helpers', () => {
  it('knows the loopback hosts', () => {
    for (const h of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1', 'LOCALHOST']) expect(isLoopbackHost(h)).toBe(true)
    for (const h of ['0.0.0.0', '128.0.0.1', 'localhost.example.com', '10.0.0.1']) expect(isLoopbackHost(h)).toBe(false)
    expect(redirectUriAsSent('myapp://cb')).toBe('redirect_uri=myapp%3A%2F%2Fcb')
  })
})
