import { describe, expect, it } from 'vitest'
import { specAuthFor } from '../../../src/shared/spec'

describe('specAuthFor: the authentication the spec gives a path', () => {
  it('none for the OAuth endpoints, hmac for the signed export, bearer for the partner endpoints', () => {
    expect(specAuthFor('auth', '/oauth2/token/')).toBe('none')
    expect(specAuthFor('auth', '/oauth2/authorize/?client_id=x')).toBe('none')
    expect(specAuthFor('api', '/api/v1/export/101002/tickets?filter[dateTimeFrom]=2025-04-01')).toBe('hmac')
    expect(specAuthFor('api', '/API/V1/Export/{locationId}/tickets')).toBe('hmac')
    expect(specAuthFor('api', '/pos/v2/lookup/tickets')).toBe('hmac')
    expect(specAuthFor('api', '/marketplace/v2/platform-token/locations')).toBe('bearer')
    expect(specAuthFor('auth', '/api/v1/locations/')).toBe('bearer')
  })

  it('follows an environment whose export path differs from the spec', () => {
    const paths = { exportTickets: '/signed/v3/{locationId}/export' }
    expect(specAuthFor('api', '/signed/v3/7/export', paths)).toBe('hmac')
    expect(specAuthFor('api', '/api/v1/export/7/tickets', paths)).toBe('bearer')
    expect(specAuthFor('api', '/api/v1/export/7/tickets/extra')).toBe('bearer')
  })

  it('none for an absolute URL: no token or signature goes to a host the user did not choose one for', () => {
    expect(specAuthFor('api', 'https://example.test/api/v1/export/1/tickets')).toBe('none')
    expect(specAuthFor('api', 'http://127.0.0.1:9/marketplace/v2/platform-token/locations')).toBe('none')
  })
})
