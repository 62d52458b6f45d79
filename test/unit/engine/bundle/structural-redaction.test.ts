import { describe, expect, it } from 'vitest'
import { redactBodyByStructure, redactUrlByStructure } from '../../../../src/main/engine/bundle/structural-redaction'

const mask = (value: string, label: string) => `[redacted:${label}:${value.length.toString(16).padStart(8, '0')}]`

describe('redaction by structure (repro bundles)', () => {
  it('redacts credential fields at any depth of a JSON body, keeps everything else and markers', () => {
    const body = JSON.stringify({
      grant_type: 'authorization_code',
      code: 'abc123xyz',
      nested: { deeper: [{ Access_Token: 'tok-1' }, { refresh_token: '[redacted:refresh_token:0a0b0c0d]' }] },
      results: [{ id: 1, code: 'X' }],
    })
    expect(JSON.parse(redactBodyByStructure(body, 'application/json', mask))).toEqual({
      grant_type: 'authorization_code',
      code: '[redacted:code:00000009]',
      nested: { deeper: [{ Access_Token: '[redacted:access_token:00000005]' }, { refresh_token: '[redacted:refresh_token:0a0b0c0d]' }] },
      results: [{ id: 1, code: '[redacted:code:00000001]' }],
    })
  })

  it('keeps `state` in a JSON body (a location’s address.state is data) and masks OAuth’s state in forms and queries', () => {
    const locations = JSON.stringify({ results: [{ id: 101002, address: { city: 'New York', state: 'NY' } }], state: 'open' })
    expect(redactBodyByStructure(locations, 'application/json', mask)).toBe(locations)
    expect(redactBodyByStructure('code=c1&state=s1', 'application/x-www-form-urlencoded', mask)).toBe(
      'code=%5Bredacted%3Acode%3A00000002%5D&state=%5Bredacted%3Astate%3A00000002%5D',
    )
  })

  it('redacts form bodies and query strings field by field', () => {
    expect(
      redactBodyByStructure('grant_type=refresh_token&refresh_token=r%2Bt&client_id=c', 'application/x-www-form-urlencoded', mask),
    ).toBe('grant_type=refresh_token&refresh_token=%5Bredacted%3Arefresh_token%3A00000003%5D&client_id=c')
    expect(redactUrlByStructure('http://h/cb?code=abc&state=s1#frag', mask)).toBe(
      'http://h/cb?code=%5Bredacted%3Acode%3A00000003%5D&state=%5Bredacted%3Astate%3A00000002%5D#frag',
    )
  })

  it('leaves text that is neither JSON nor a form as it is', () => {
    expect(redactBodyByStructure('code=abc but plain', 'text/plain', mask)).toBe('code=abc but plain')
    expect(redactBodyByStructure('{not json', 'application/json', mask)).toBe('{not json')
  })
})
