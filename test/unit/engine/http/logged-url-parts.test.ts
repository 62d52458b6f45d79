import { describe, expect, it } from 'vitest'
import { SecretRegistry } from '../../../../src/main/engine/core/secret-registry'
import { loggedUrlParts } from '../../../../src/main/engine/http/logged-url-parts'
import { NetworkLog } from '../../../../src/main/engine/log/network-log'
import { Redactor } from '../../../../src/main/engine/log/redaction'

const URLS = [
  'http://127.0.0.1:8080/api/v1/locations',
  'https://api.example.com',
  'https://api.example.com/?',
  'https://api.example.com?x=1',
  'https://API.Example.com:443/a/../b/./c?q=1&access_token=abc123&x=%2F',
  'https://user:hunter2@api.example.com/p?client_secret=s3cret',
  'https://api.example.com@evil.example/p',
  'https://a@a/x',
  'http://[::1]:9/x?y#frag',
  'https://s3cretsecret.example.com/s3cretsecret?token=s3cretsecret',
  'https://xn--bcher-kva.example/ü?ä=ö',
  'http://0x7f.1/%2e%2e/?a=b#c=d',
]

describe("the network log's host and path of a request URL, carried from its parse", () => {
  it('are those the log would split from the redacted text, or left for it to split, for every URL', () => {
    const secrets = new SecretRegistry()
    secrets.add('s3cretsecret', 'client_secret')
    const redactor = new Redactor(secrets)
    const log = new NetworkLog()
    let carried = 0
    for (const text of URLS) {
      const url = new URL(text)
      const logged = redactor.url(url.href, { sent: true })
      const own = log.begin({ method: 'GET', url: logged, purpose: 'api', auth: 'none', requestHeaders: [], requestBody: null })
      const parts = loggedUrlParts(url, logged)
      if (parts) carried++
      if (parts) expect({ text, ...parts }).toEqual({ text, host: own.host, path: own.path })
    }
    // The common URLs are carried, not split again.
    expect(loggedUrlParts(new URL(URLS[0] as string), URLS[0] as string)).toEqual({ host: '127.0.0.1:8080', path: '/api/v1/locations' })
    expect(carried).toBeGreaterThanOrEqual(6)
  })
})
