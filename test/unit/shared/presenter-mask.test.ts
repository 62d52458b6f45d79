import { describe, expect, it } from 'vitest'
import { maskPresenterText, maskPresenterValue, PRESENTER_MASK } from '../../../src/shared/presenter-mask'

const STATE = 'Xk3_f9QpLm2vR7tYz0aB'
const CODE = 'sbx_ac_Q2w3E4r5T6y7'
const SIG = 'a3f9c2e1b0d47e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f'

describe('presenter masking', () => {
  it('masks credentials in URLs, JSON text and header lines, and leaves the rest', () => {
    expect(maskPresenterText(`http://127.0.0.1:9/cb?code=${CODE}&state=${STATE}&x=1`)).toBe(
      `http://127.0.0.1:9/cb?code=${PRESENTER_MASK}&state=${PRESENTER_MASK}&x=1`,
    )
    expect(maskPresenterText(`{"access_token":"sbx_at_ABCdef123456","token_type":"Bearer"}`)).toBe(
      `{"access_token":"${PRESENTER_MASK}","token_type":"Bearer"}`,
    )
    expect(maskPresenterText(`curl -H 'x-signature: ${SIG}' -H 'x-timestamp: 1700000000'`)).toBe(
      `curl -H 'x-signature: ${PRESENTER_MASK}' -H 'x-timestamp: 1700000000'`,
    )
    expect(maskPresenterText('Authorization: Bearer sbx_at_ABCdef123456')).toBe(`Authorization: Bearer ${PRESENTER_MASK}`)
  })

  it('keeps a location’s address.state (a place name) but masks OAuth’s state beside it, in objects and in text', () => {
    const location = { name: 'Globe Bistro Brussel Zavel', address: { city: 'Brussels', state: 'Brussels-Capital' } }
    expect(maskPresenterValue(location)).toEqual(location)
    expect(maskPresenterValue({ address: { state: 'Rio de Janeiro' }, flow: { state: STATE } })).toEqual({
      address: { state: 'Rio de Janeiro' },
      flow: { state: PRESENTER_MASK },
    })
    expect(maskPresenterText('{"address":{"state":"Greater London"},"state":"Xk3_f9QpLm2vR7tYz0aB"}')).toBe(
      `{"address":{"state":"Greater London"},"state":"${PRESENTER_MASK}"}`,
    )
    expect(maskPresenterValue([{ name: 'state', value: 'New South Wales' }])).toEqual([{ name: 'state', value: 'New South Wales' }])
    // Only under state: a password or a secret that happens to be a capitalised word is still masked.
    expect(maskPresenterValue({ password: 'Correcthorse', client_secret: 'Battery-Staple' })).toEqual({
      password: PRESENTER_MASK,
      client_secret: PRESENTER_MASK,
    })
  })

  it('masks fields and name/value pairs by name, but not the console’s own words or redaction markers', () => {
    const masked = maskPresenterValue(
      {
        state: STATE,
        lifecycle: { state: 'access-token-valid' },
        error: { code: 'invalid_request', message: 'x' },
        signature: SIG,
        params: [
          { name: 'state', value: STATE },
          { name: 'client_id', value: 'partner-console-builtin' },
        ],
        headers: [{ name: 'authorization', value: 'Bearer [redacted:access_token:0a1b2c3d]' }],
        fingerprint: '0a1b2c3d',
        clientSecret: { masked: 'sbx_secret_…WXyz', fingerprint: '0a1b2c3d' },
        access: { masked: 'sbx_at_…h-tw', fingerprint: '7a833e16' },
        popupUrl: `http://x/?state=${STATE}`,
      },
      new Set(['popupUrl']),
    )
    expect(masked).toEqual({
      state: PRESENTER_MASK,
      lifecycle: { state: 'access-token-valid' },
      error: { code: 'invalid_request', message: 'x' },
      signature: PRESENTER_MASK,
      params: [
        { name: 'state', value: PRESENTER_MASK },
        { name: 'client_id', value: 'partner-console-builtin' },
      ],
      headers: [{ name: 'authorization', value: 'Bearer [redacted:access_token:0a1b2c3d]' }],
      fingerprint: '0a1b2c3d',
      clientSecret: { masked: PRESENTER_MASK, fingerprint: '0a1b2c3d' },
      popupUrl: `http://x/?state=${STATE}`,
      access: { masked: PRESENTER_MASK, fingerprint: '7a833e16' },
    })
  })
})
