import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { SecretRegistry } from '../../../../src/main/engine/core/secret-registry'
import { NetworkLog } from '../../../../src/main/engine/log/network-log'
import { Redactor } from '../../../../src/main/engine/log/redaction'
import { quote, toCurl } from '../../../../src/main/engine/requests/copy-as/curl-command'

describe('copy as cURL', () => {
  it('quotes every word for a POSIX shell, so what sh receives is exactly the text', () => {
    for (const text of ["it's", 'a"b', '$(whoami) `id` \\n', 'line\nbreak', '[redacted:x:12345678]']) {
      expect(execFileSync('sh', ['-c', `printf %s ${quote(text)}`], { encoding: 'utf8' })).toBe(text)
    }
  })

  it('is redacted by default: credentials appear as fingerprints, with a note', () => {
    const secrets = new SecretRegistry()
    const r = new Redactor(secrets)
    const log = new NetworkLog()
    const begun = log.begin({
      method: 'POST',
      url: r.url('http://127.0.0.1:1/marketplace/v2/platform-token/installations'),
      purpose: 'api',
      auth: 'bearer',
      requestHeaders: r.headers(
        [
          { name: 'authorization', value: 'Bearer sbx_at_secret_123' },
          { name: 'content-type', value: 'application/json' },
          { name: 'content-length', value: '16' },
        ],
        { sent: true },
      ),
      requestBody: { text: '{"locationId":3}', size: 16, mimeType: 'application/json' },
    })
    const { command, notes } = toCurl(log.get(begun.id))
    expect(command).not.toContain('sbx_at_secret_123')
    expect(command).toMatch(/^curl -g -X 'POST' 'http:\/\/127\.0\.0\.1:1\/marketplace\/v2\/platform-token\/installations' /)
    expect(command).toContain(`-H 'authorization: Bearer [redacted:access_token:`)
    expect(command).toContain(`--data-raw '{"locationId":3}'`)
    expect(command).not.toContain('content-length')
    expect(notes.join(' ')).toContain('placeholders')
  })

  it('omits -X for a plain GET and uses header overrides when given (live credentials)', () => {
    const log = new NetworkLog()
    const begun = log.begin({
      method: 'GET',
      url: 'http://h/api/v1/export/1/tickets?filter[dateTimeFrom]=2024-01-01',
      purpose: 'api',
      auth: 'hmac',
      requestHeaders: [{ name: 'x-signature', value: '[redacted:x-signature:00000000]' }],
      requestBody: null,
    })
    const { command } = toCurl(log.get(begun.id), { 'x-signature': 'fresh', 'x-timestamp': '1700000000' })
    expect(command).toBe(
      "curl -g 'http://h/api/v1/export/1/tickets?filter[dateTimeFrom]=2024-01-01' -H 'x-signature: fresh' -H 'x-timestamp: 1700000000'",
    )
  })
})
