import { describe, expect, it } from 'vitest'
import { parsePastedRedirect } from '../../../../src/main/engine/oauth/pasted-redirect'

const redirect = 'https://partner.example/cb'

describe('parsePastedRedirect', () => {
  it('reads a full redirect URL, trimmed, and says whether it is the registered redirect', () => {
    expect(parsePastedRedirect('  https://partner.example/cb?code=abc&state=s1 \n', redirect)).toEqual({
      kind: 'answer',
      params: { code: 'abc', state: 's1' },
      url: 'https://partner.example/cb?code=abc&state=s1',
      matchesRedirectUri: true,
    })
    expect(parsePastedRedirect('https://other.example/cb?code=abc', redirect)).toMatchObject({ kind: 'answer', matchesRedirectUri: false })
    expect(parsePastedRedirect('myapp://cb?error=access_denied&state=q', 'myapp://cb')).toMatchObject({
      kind: 'answer',
      params: { error: 'access_denied', state: 'q' },
    })
  })

  it('reads a bare query string', () => {
    expect(parsePastedRedirect('?code=abc&state=s', redirect)).toEqual({
      kind: 'answer',
      params: { code: 'abc', state: 's' },
      url: null,
      matchesRedirectUri: null,
    })
    expect(parsePastedRedirect('code=abc', redirect)).toMatchObject({ kind: 'answer', params: { code: 'abc' } })
  })

  it('takes a token-shaped string as a code', () => {
    expect(parsePastedRedirect('sbx_ac_AbC-123_xyz', redirect)).toEqual({ kind: 'code', code: 'sbx_ac_AbC-123_xyz' })
  })

  it('recognises a URL with neither code nor error (the registered URI from a mismatch page)', () => {
    expect(parsePastedRedirect('https://partner.example/cb/', redirect)).toEqual({ kind: 'no-answer', url: 'https://partner.example/cb/' })
  })

  it('refuses empty text, prose and a query without an answer', () => {
    expect(parsePastedRedirect('   ', redirect).kind).toBe('invalid')
    expect(parsePastedRedirect('the code is abc', redirect).kind).toBe('invalid')
    expect(parsePastedRedirect('state=only', redirect).kind).toBe('invalid')
  })
})
