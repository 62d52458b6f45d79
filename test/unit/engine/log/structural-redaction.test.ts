import { describe, expect, it } from 'vitest'
import { secretForms } from '../../../../src/main/engine/core/secret-forms'
import { fingerprint, SecretRegistry } from '../../../../src/main/engine/core/secret-registry'
import { CUT_VALUE, Redactor } from '../../../../src/main/engine/log/redaction'

function setup() {
  const secrets = new SecretRegistry()
  return { secrets, r: new Redactor(secrets) }
}
const mask = (label: string, value: string) => `[redacted:${label}:${fingerprint(value)}]`

describe('redaction walks structure (docs/security.md, item 4)', () => {
  it('finds a known secret with quotes, backslashes and slashes in JSON leaves, however the server escaped it', () => {
    const { secrets, r } = setup()
    const secret = 'a"b\\c/d-é-😀'
    secrets.add(secret, 'client_secret')
    const m = mask('client_secret', secret)
    const standard = JSON.stringify({ echo: secret })
    const php = standard.replaceAll('/', '\\/')
    const ascii = JSON.stringify({ echo: secret }).replace(/[\u007f-\uffff]/g, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    for (const body of [standard, php, ascii]) {
      const out = r.body(body)
      expect(JSON.parse(out)).toEqual({ echo: m })
    }
  })

  it('finds a known secret percent-encoded and base64-encoded, in bodies, headers and URLs', () => {
    const { secrets, r } = setup()
    const secret = 'p@ss w/rd+"é"'
    secrets.add(secret, 'client_secret')
    for (const form of secretForms(secret)) {
      expect(r.body(`text ${form} text`)).not.toContain(form)
      expect(r.header('x-debug', `v=${form}`)).not.toContain(form)
      expect(r.url(`https://h/p/${form}?q=${form}#f=${form}`)).not.toContain(form)
      expect(r.body(JSON.stringify({ deep: [{ v: `pre ${form} post` }] }))).not.toContain(form)
    }
    expect(secretForms(secret)).toEqual(
      expect.arrayContaining([
        Buffer.from(secret).toString('base64'),
        Buffer.from(secret).toString('base64url'),
        encodeURIComponent(secret),
        JSON.stringify(secret).slice(1, -1).replaceAll('/', '\\/'),
      ]),
    )
  })

  it('a registered value that looks like JSON syntax never rewrites keys or breaks the document', () => {
    const { secrets, r } = setup()
    secrets.add('":null,"', 'access_token')
    secrets.add('","id":', 'access_token')
    const body = JSON.stringify({ a: null, b: 'x', id: 3, nested: { c: null, d: 'y' } })
    expect(r.body(body)).toBe(body)
    expect(JSON.parse(r.body(body))).toEqual(JSON.parse(body))
    // The same for any structured value (bridge events, error details).
    const value = { a: null, b: 'x', list: ['":null,"'] }
    expect(secrets.redactDeep(value)).toEqual({ a: null, b: 'x', list: [mask('access_token', '":null,"')] })
  })

  it('names in camelCase, kebab-case, percent-encoded, and their array and object values', () => {
    const { r } = setup()
    const body = JSON.stringify({
      accessToken: 'at-1234567',
      refreshToken: ['rt-1234567', 'rt-7654321'],
      clientSecret: { value: 'cs-1234567' },
      idToken: 12345678,
      'Client-Secret': 'cs-7654321',
      ok: 'visible',
    })
    const out = JSON.parse(r.body(body))
    expect(out.accessToken).toBe(mask('access_token', 'at-1234567'))
    expect(out.refreshToken).toEqual([mask('refresh_token', 'rt-1234567'), mask('refresh_token', 'rt-7654321')])
    expect(out.clientSecret).toEqual({ value: mask('client_secret', 'cs-1234567') })
    expect(out.idToken).toBe(mask('id_token', '12345678'))
    expect(out['Client-Secret']).toBe(mask('client_secret', 'cs-7654321'))
    expect(out.ok).toBe('visible')
    const form = r.body('client%5Fsecret=s1234567&refresh%5Ftoken=r1234567&refresh_token=r7654321&x=1')
    expect(form).toBe(
      `client%5Fsecret=${mask('client_secret', 's1234567')}&refresh%5Ftoken=${mask('refresh_token', 'r1234567')}&refresh_token=${mask('refresh_token', 'r7654321')}&x=1`,
    )
    const url = r.url('https://h/cb?accessToken=a1234567&Refresh-Token=r1234567&state=s')
    expect(url).toBe(
      `https://h/cb?accessToken=${mask('access_token', 'a1234567')}&Refresh-Token=${mask('refresh_token', 'r1234567')}&state=s`,
    )
  })

  it('URLs inside any header: a Location with code= and a fragment with access_token=', () => {
    const { r } = setup()
    expect(r.header('Location', 'http://127.0.0.1:5/callback?code=sbx_ac_123456&state=abc')).toBe(
      `http://127.0.0.1:5/callback?code=${mask('code', 'sbx_ac_123456')}&state=abc`,
    )
    expect(r.header('location', 'https://app.example/cb#access_token=at_123456&token_type=Bearer')).toBe(
      `https://app.example/cb#access_token=${mask('access_token', 'at_123456')}&token_type=Bearer`,
    )
    expect(r.header('Refresh', '0; url=https://h/x?client_secret=cs123456')).toBe(
      `0; url=https://h/x?client_secret=${mask('client_secret', 'cs123456')}`,
    )
    expect(r.header('Link', '<https://h/next?refresh_token=rt123456>; rel="next"')).toBe(
      `<https://h/next?refresh_token=${mask('refresh_token', 'rt123456')}>; rel="next"`,
    )
    expect(r.header('x-refresh-token', 'rt-abcdefg')).toBe(mask('refresh_token', 'rt-abcdefg'))
    expect(r.header('content-type', 'text/html; charset=utf-8')).toBe('text/html; charset=utf-8')
    // A JSON leaf holding a URL too.
    expect(JSON.parse(r.body(JSON.stringify({ next: 'https://h/cb?code=c1234567' }))).next).toBe(
      `https://h/cb?code=${mask('code', 'c1234567')}`,
    )
  })

  it('a value cut at the body cap is dropped whole, never left as a prefix', () => {
    const { secrets, r } = setup()
    const token = 'sbx_at_0123456789abcdef'
    secrets.add(token, 'access_token')
    const json = r.body(`{"token_type":"Bearer","expiration":86400,"other":"${token.slice(0, 12)}`, { truncated: true })
    expect(json).toBe(`{"token_type":"Bearer","expiration":86400,"other":"${CUT_VALUE}`)
    const number = r.body('{"a":"b","n":1234', { truncated: true })
    expect(number).toBe(`{"a":"b","n":${CUT_VALUE}`)
    const form = r.body(`grant_type=refresh_token&x=${token.slice(0, 10)}`, { truncated: true })
    expect(form).toBe(`grant_type=refresh_token&x=${CUT_VALUE}`)
    const text = r.body(`<p>your token is ${token.slice(0, 14)}`, { truncated: true })
    expect(text).toBe('<p>your token is ')
    // The same bodies, complete, keep their last value.
    expect(r.body('{"a":"b","n":1234')).toBe('{"a":"b","n":1234')
  })

  it('registers only what the engine sends; responses and imported text are redacted by name only', () => {
    const { secrets, r } = setup()
    r.body('{"access_token":"from-a-server-123"}')
    r.header('authorization', 'Bearer from-an-import-123')
    r.url('https://h/?client_secret=from-a-file-123')
    expect(secrets.size).toBe(0)
    r.body('client_secret=sent-by-engine-1&code=sent-code-123', { sent: true })
    r.header('authorization', 'Bearer sent-token-1234', { sent: true })
    expect(secrets.has('sent-by-engine-1')).toBe(true)
    expect(secrets.has('sent-token-1234')).toBe(true)
    expect(secrets.has('sent-code-123')).toBe(false)
  })

  it('keeps a record named __proto__ as a key when walking values', () => {
    const { secrets } = setup()
    secrets.add('secret-value-1', 'client_secret')
    const value = JSON.parse('{"__proto__":{"x":"secret-value-1"},"y":1}')
    const out = secrets.redactDeep(value) as Record<string, unknown>
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
    expect(Object.keys(out)).toEqual(['__proto__', 'y'])
    expect(JSON.stringify(out)).toBe(`{"__proto__":{"x":"${mask('client_secret', 'secret-value-1')}"},"y":1}`)
  })
})

describe('an error with details after a hostile value was registered', () => {
  it('is still a typed error with its details intact, not a crash', async () => {
    const { HandlerRegistry } = await import('../../../../src/main/bridge/registry')
    const { ConsoleError } = await import('../../../../src/main/engine/core/console-error')
    const secrets = new SecretRegistry()
    secrets.add('":null,"', 'access_token')
    secrets.add('{"a":', 'access_token')
    const registry = new HandlerRegistry(text => secrets.redact(text))
    registry.handle('app:info', () => {
      throw new ConsoleError('conflict', 'nope', { details: { a: null, b: { c: null }, list: ['":null,"'] } })
    })
    const result = await registry.dispatch('app:info', {}, { transport: 'web' })
    expect(result).toMatchObject({ ok: false, error: { code: 'conflict', details: { a: null, b: { c: null } } } })
    expect(result).toMatchObject({ error: { details: { list: [mask('access_token', '":null,"')] } } })
  })
})
