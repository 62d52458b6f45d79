import { describe, expect, it } from 'vitest'
import { dispatchOrigin, dispatchPath } from '../../../../src/main/engine/http/dispatch-target'

/** Each URL after the one before: an origin remembered from one must never be handed to a look-alike after it. */
const URLS = [
  'http://127.0.0.1:8080/api/v1/locations',
  'http://127.0.0.1:8080/api/v1/locations?page=2',
  'http://127.0.0.1:8/x',
  'http://127.0.0.1:808/x',
  'http://127.0.0.1:8080@evil.example/x',
  'http://user:pw@127.0.0.1:8080/x',
  'http://127.0.0.1:8080/x#frag?not=query',
  'http://127.0.0.1:80/x',
  'http://127.0.0.1/x',
  'https://127.0.0.1/x',
  'https://api.example.com',
  'https://api.example.com?x=1',
  'https://api.example.com.evil.example/p',
  'https://api.example.co/p',
  'https://API.Example.com:443/a/../b/./c?q=1&x=%2F#h',
  'https://api.example.com@evil.example/p',
  'http://[::1]:9/x?y#frag',
  'http://[::1]:9/',
  'http://[::1]:99/',
  'https://xn--bcher-kva.example/ü?ä=ö',
  'https://bücher.example/ü',
  'http://0x7f.1/%2e%2e/?a=b#c=d',
  'http://127.0.0.1/%2e%2e/?a=b',
]

describe("undici's origin and path of a request URL", () => {
  it("are the URL's own origin and path with its query, for every URL after every other", () => {
    for (const first of URLS) {
      for (const text of URLS) {
        dispatchOrigin(new URL(first))
        const url = new URL(text)
        const origin = dispatchOrigin(url)
        expect(origin, `${text} after ${first}`).toBe(url.origin)
        expect(dispatchPath(url, origin), `${text} after ${first}`).toBe(url.pathname + url.search)
      }
    }
  })
})
