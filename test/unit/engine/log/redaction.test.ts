import { describe, expect, it } from 'vitest'
import { fingerprint, SecretRegistry } from '../../../../src/main/engine/core/secret-registry'
import { Redactor } from '../../../../src/main/engine/log/redaction'

function setup() {
  const secrets = new SecretRegistry()
  return { secrets, r: new Redactor(secrets) }
}

const mask = (label: string, value: string) => `[redacted:${label}:${fingerprint(value)}]`

describe('redaction at capture', () => {
  it('Authorization: keeps the scheme, replaces the credential by its fingerprint and remembers it', () => {
    const { r } = setup()
    const token = 'sbx_at_abcdefghijklmnop'
    expect(r.header('Authorization', `Bearer ${token}`, { sent: true })).toBe(`Bearer ${mask('access_token', token)}`)
    expect(r.header('authorization', 'Basic dXNlcjpwYXNz', { sent: true })).toBe(`Basic ${mask('authorization', 'dXNlcjpwYXNz')}`)
    // Once the engine has sent it, the token is redacted wherever it appears later, with the same fingerprint.
    expect(r.body(`{"echo":"${token}"}`)).toBe(`{"echo":"${mask('access_token', token)}"}`)
  })

  it('x-signature, cookies and the sandbox admin token are replaced whole', () => {
    const { r } = setup()
    const sig = 'a'.repeat(64)
    expect(r.header('X-Signature', sig)).toBe(mask('x-signature', sig))
    expect(r.header('cookie', 'session=abc; theme=dark')).toBe(mask('cookie', 'session=abc; theme=dark'))
    expect(r.header('set-cookie', 'sid=xyz; HttpOnly')).toBe(mask('cookie', 'sid=xyz; HttpOnly'))
    expect(r.header('x-sandbox-admin-token', 'sbx_admin_1234567')).toBe(mask('sandbox_admin_token', 'sbx_admin_1234567'))
    expect(r.header('x-access-key', 'client-1')).toBe('client-1')
  })

  it("a header or field named like an object's own member (constructor, __proto__, toString) is an ordinary one", () => {
    const { r } = setup()
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(r.header(name, 'plain-value-123'), name).toBe('plain-value-123')
      expect(r.headers([{ name, value: 'plain-value-123' }]), name).toEqual([{ name, value: 'plain-value-123' }])
      expect(r.body(`{"${name}":"plain-value-123"}`), name).toBe(`{"${name}":"plain-value-123"}`)
      expect(r.body(`${name}=plain-value-123&a=b`), name).toBe(`${name}=plain-value-123&a=b`)
    }
  })

  it('client_secret, code, access_token and refresh_token in JSON bodies, at any depth and in any layout', () => {
    const { r } = setup()
    const body = JSON.stringify(
      {
        grant_type: 'authorization_code',
        code: 'sbx_ac_code1',
        client_secret: 'shh-secret-1',
        nested: { access_token: 'at-123456', refresh_token: 'rt-123456' },
      },
      null,
      2,
    )
    const out = r.body(body)
    expect(out).toContain(`"code": "${mask('code', 'sbx_ac_code1')}"`)
    expect(out).toContain(`"client_secret": "${mask('client_secret', 'shh-secret-1')}"`)
    expect(out).toContain(`"access_token": "${mask('access_token', 'at-123456')}"`)
    expect(out).toContain(`"refresh_token": "${mask('refresh_token', 'rt-123456')}"`)
    expect(out).toContain('"grant_type": "authorization_code"')
    for (const secret of ['sbx_ac_code1', 'shh-secret-1', 'at-123456', 'rt-123456']) expect(out).not.toContain(secret)
  })

  it('JSON values with escapes are fingerprinted by their real value, and cut (truncated) JSON is still redacted', () => {
    const { r } = setup()
    const value = 'se"cr\\et-123'
    const out = r.body(`{"client_secret":${JSON.stringify(value)}}`)
    expect(out).toBe(`{"client_secret":"${mask('client_secret', value)}"}`)
    const cut = r.body('{"access_token":"at-abcdefgh","refresh_token":"rt-abcdefgh","x":"tail')
    expect(cut).not.toContain('at-abcdefgh')
    expect(cut).not.toContain('rt-abcdefgh')
  })

  it('form bodies and query strings', () => {
    const { r } = setup()
    const form = r.body('grant_type=refresh_token&refresh_token=rt%2Fabc123&client_id=c1&client_secret=s%20ecret99')
    expect(form).toBe(
      `grant_type=refresh_token&refresh_token=${mask('refresh_token', 'rt/abc123')}&client_id=c1&client_secret=${mask('client_secret', 's ecret99')}`,
    )
    const url = r.url('http://127.0.0.1:5/callback?code=sbx_ac_xyz&state=abc&access_token=tok123456')
    expect(url).toBe(
      `http://127.0.0.1:5/callback?code=${mask('code', 'sbx_ac_xyz')}&state=abc&access_token=${mask('access_token', 'tok123456')}`,
    )
    expect(r.url('https://user:pa55word@example.com/x')).toBe(`https://user:${mask('password', 'pa55word')}@example.com/x`)
  })

  it('every known secret value, wherever it appears (URL, header, body, free text)', () => {
    const { secrets, r } = setup()
    const canary = 'canary-secret-7f3a9b'
    secrets.add(canary, 'client_secret')
    const m = mask('client_secret', canary)
    expect(r.url(`https://h/p/${canary}?q=${canary}`)).toBe(`https://h/p/${m}?q=${m}`)
    expect(r.header('x-custom', `prefix ${canary}`)).toBe(`prefix ${m}`)
    expect(r.body(`plain text with ${canary} inside`)).toBe(`plain text with ${m} inside`)
    expect(r.text(`error: ${canary}`)).toBe(`error: ${m}`)
  })

  it('does not register codes as secrets: an error code word elsewhere stays readable', () => {
    const { r } = setup()
    r.body('{"code":"invalid_grant"}')
    expect(r.body('{"error":"invalid_grant"}')).toBe('{"error":"invalid_grant"}')
  })

  it('gives the same fingerprint to the same value in every place', () => {
    const { r } = setup()
    const token = 'sbx_at_same_value_123'
    const fromBody = r.body(`{"access_token":"${token}"}`)
    const fromHeader = r.header('authorization', `Bearer ${token}`)
    const fp = fingerprint(token)
    expect(fromBody).toContain(fp)
    expect(fromHeader).toContain(fp)
  })
})

describe('redaction of already-redacted text (an imported HAR)', () => {
  it('keeps markers as they are and registers none of them as a secret', () => {
    const { r, secrets } = setup()
    const token = 'sbx_at_abcdefghijklmnop'
    const header = `Bearer ${mask('access_token', token)}`
    const body = `{"access_token":"${mask('access_token', token)}","refresh_token":"${mask('refresh_token', 'sbx_rt_zzzzzzzzzz')}"}`
    const form = `grant_type=refresh_token&refresh_token=${encodeURIComponent(mask('refresh_token', 'sbx_rt_zzzzzzzzzz'))}`
    expect(r.header('Authorization', header)).toBe(header)
    expect(r.header('x-signature', mask('x-signature', 'a'.repeat(64)))).toBe(mask('x-signature', 'a'.repeat(64)))
    expect(r.body(body)).toBe(body)
    expect(r.body(form)).toBe(`grant_type=refresh_token&refresh_token=${mask('refresh_token', 'sbx_rt_zzzzzzzzzz')}`)
    expect(secrets.has(mask('access_token', token))).toBe(false)
    expect(secrets.has(mask('refresh_token', 'sbx_rt_zzzzzzzzzz'))).toBe(false)
  })
})
