import { describe, expect, it } from 'vitest'
import { type AttemptRequest, prepareAttempt } from '../../../../src/main/engine/http/prepare-attempt'

const env = { id: 'env-1', clientId: 'client-1' }

function request(over: Partial<AttemptRequest>): AttemptRequest {
  return {
    source: 'console',
    purpose: 'api',
    auth: 'none',
    env,
    url: new URL('https://api.example.test/api/v1/Locations/?page=2'),
    method: 'get',
    headers: {},
    ...over,
  }
}

describe('one way into the network: every caller prepares its attempt with the same quota rule', () => {
  it.each([
    ['console', 'bearer'],
    ['console', 'hmac'],
    ['captured', 'bearer'],
    ['captured', 'hmac'],
  ] as const)('a %s request with %s auth counts under the environment client', (source, auth) => {
    const key = prepareAttempt(request({ source, auth }), undefined).quotaKey
    expect(key).toMatchObject({ clientId: 'client-1', method: 'GET', path: '/api/v1/locations' })
  })

  it.each(['console', 'captured'] as const)('a %s request carrying credentials in a header counts under the client', source => {
    for (const headers of <Record<string, string>[]>[{ Authorization: 'Bearer t' }, { 'X-Access-Key': 'client-1' }]) {
      expect(prepareAttempt(request({ source, headers }), undefined).quotaKey?.clientId).toBe('client-1')
    }
  })

  it('a token request identifies its client by the credentials in its body', () => {
    expect(prepareAttempt(request({ purpose: 'oauth-token', method: 'POST' }), undefined).quotaKey?.clientId).toBe('client-1')
  })

  it.each(['console', 'captured'] as const)(
    'a %s request without credentials counts as anonymous, with or without an environment',
    source => {
      expect(prepareAttempt(request({ source }), undefined).quotaKey?.clientId).toBe('anonymous')
      expect(prepareAttempt(request({ source, auth: 'bearer', env: null }), undefined).quotaKey?.clientId).toBe('anonymous')
    },
  )

  it('operator calls are never counted, whatever they carry', () => {
    const operator = request({ source: 'operator', purpose: 'sandbox-admin', auth: 'bearer', headers: { authorization: 'Bearer t' } })
    expect(prepareAttempt(operator, undefined).quotaKey).toBeNull()
  })

  it('states the auth it was given and prepares headers, defaults and the request id the same way for every source', () => {
    for (const source of ['console', 'captured', 'operator'] as const) {
      const prepared = prepareAttempt(
        request({ source, auth: 'hmac', headers: { Host: 'x', 'X-Custom': '1' }, body: '{"a":1}' }),
        undefined,
      )
      expect(prepared).toMatchObject({
        auth: 'hmac',
        method: 'GET',
        attempt: 1,
        envId: 'env-1',
        timeoutMs: 30_000,
        maxBodyBytes: 1024 * 1024,
      })
      expect(prepared.headers).toMatchObject({ 'x-custom': '1', 'content-type': 'application/json', 'user-agent': 'partner-api-console' })
      expect(prepared.headers).not.toHaveProperty('host')
      expect(prepared.notes).toEqual(expect.arrayContaining([expect.stringContaining('host header was dropped')]))
      expect(prepared.requestId).toMatch(/^[0-9a-f-]{36}$/)
    }
  })
})
