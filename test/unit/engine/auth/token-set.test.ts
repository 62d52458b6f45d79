import { describe, expect, it } from 'vitest'
import { isExpired, SPEC_ACCESS_LIFETIME_SECONDS, tokenSetFromGrant, tokenView } from '../../../../src/main/engine/oauth/token-set'
import { maskSecret } from '../../../../src/main/engine/vault/mask'

const grant = {
  accessToken: 'sbx_at_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAabcd',
  refreshToken: 'sbx_rt_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBwxyz',
  permissions: ['read:locations'],
  tokenType: 'Bearer',
}

describe('token expiry', () => {
  it('takes the expiry from `expiration` on a code exchange', () => {
    const set = tokenSetFromGrant({ ...grant, expiration: 3600 }, 'exchange', undefined, 1_000_000)
    expect(set).toMatchObject({ expiresAt: 1_000_000 + 3_600_000, lifetimeSeconds: 3600, expirySource: 'expiration', refreshedAt: null })
  })

  it('uses expires_in (RFC 6749) when `expiration` is absent: a 3,600 s token is not shown as valid 24 h', () => {
    const set = tokenSetFromGrant({ ...grant, expiration: null, expiresIn: 3600 }, 'exchange', undefined, 0)
    expect(set).toMatchObject({ lifetimeSeconds: 3600, expiresAt: 3_600_000, expirySource: 'expires_in' })
    expect(tokenSetFromGrant({ ...grant, expiration: 120, expiresIn: 3600 }, 'exchange', undefined, 0).lifetimeSeconds).toBe(120)
    const refreshed = tokenSetFromGrant({ ...grant, expiration: null, expiresIn: 1800 }, 'refresh', set, 10)
    expect(refreshed).toMatchObject({ lifetimeSeconds: 1800, expirySource: 'expires_in' })
  })

  it('carries the last known lifetime over a refresh, which has no `expiration` (2.4)', () => {
    const first = tokenSetFromGrant({ ...grant, expiration: 7200 }, 'exchange', undefined, 0)
    const refreshed = tokenSetFromGrant(
      { ...grant, accessToken: 'sbx_at_new', refreshToken: null, expiration: null },
      'refresh',
      first,
      50_000,
    )
    expect(refreshed).toMatchObject({
      expiresAt: 50_000 + 7_200_000,
      lifetimeSeconds: 7200,
      expirySource: 'last-known-lifetime',
      obtainedAt: 0,
      refreshedAt: 50_000,
    })
    expect(refreshed.refreshToken).toBe(grant.refreshToken)
  })

  it('falls back to the spec’s 24 h when no lifetime was ever stated', () => {
    const set = tokenSetFromGrant({ ...grant, expiration: null }, 'exchange', undefined, 0)
    expect(set).toMatchObject({ lifetimeSeconds: SPEC_ACCESS_LIFETIME_SECONDS, expirySource: 'spec-default' })
    expect(tokenSetFromGrant({ ...grant, expiration: null }, 'refresh', set, 10).expirySource).toBe('spec-default')
  })

  it('counts a token as expired at its expiry or when the server said so', () => {
    const set = tokenSetFromGrant({ ...grant, expiration: 10 }, 'exchange', undefined, 0)
    expect(isExpired(set, 9_999)).toBe(false)
    expect(isExpired(set, 10_000)).toBe(true)
    expect(isExpired({ ...set, expiredObservedAt: 5 }, 6)).toBe(true)
  })
})

describe('what the renderer sees', () => {
  it('masks tokens and secrets, keeping only a prefix, four characters and the fingerprint', () => {
    expect(maskSecret('sbx_at_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAabcd')).toEqual({
      masked: 'sbx_at_…abcd',
      fingerprint: expect.stringMatching(/^[0-9a-f]{8}$/),
    })
    expect(maskSecret('sbx_secret_0123456789abcdefWXYZ').masked).toBe('sbx_secret_…WXYZ')
    expect(maskSecret('short-secret').masked).toBe('…')
    expect(maskSecret('plainrandomvaluewithoutprefix1234').masked).toBe('…1234')
  })

  it('never puts a token value in the view', () => {
    const set = tokenSetFromGrant({ ...grant, expiration: 86_400 }, 'exchange', undefined, 0)
    const view = JSON.stringify(tokenView('env', set, 1, 'access-token-valid', { persist: true, note: null }))
    expect(view).not.toContain(grant.accessToken)
    expect(view).not.toContain(grant.refreshToken)
    expect(view).toContain('sbx_at_…abcd')
  })
})
