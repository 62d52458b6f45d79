import { describe, expect, it } from 'vitest'
import { upstreamPath } from '../../../../src/main/engine/capture/hop-headers'

const ORIGIN = 'http://127.0.0.1:4100'
const viaUrl = (target: string) => {
  const url = new URL(ORIGIN + target)
  return url.pathname + url.search
}

describe('the path and query the capture sends upstream', () => {
  it('is what URL parsing of the target gives, for targets it leaves alone and for those it rewrites', () => {
    const targets = [
      '/api/v1/locations',
      '/api/v1/locations?page=2&size=50',
      '/api/v1/export/123/tickets?from=2026-01-01T00:00:00Z',
      '/api/v1/../v2/x',
      '/api/./v1/x?a=./b',
      '/a/..',
      '/?',
      '/x?',
      "/x?q='1'",
      '/x\\y',
      '/x|y^z[1]{2}`',
      '/caf\u00e9?n=\u00e9',
      '/%2e%2e/x',
      '/a/.%2E/b',
      '/a/%2e?x',
      '//double//slashes',
      '/x"y<z>',
    ]
    for (const target of targets) expect(upstreamPath(ORIGIN, target), target).toBe(viaUrl(target))
  })

  it('agrees with URL parsing on random targets built from the characters that matter', () => {
    const chars = '/?.%a~!$&()*+,;=:@-_\'"|\\^[]{}`<>\u00e9 '.split('').concat(['%2e', '%2E', '%2f'])
    let seed = 20
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed
    }
    for (let i = 0; i < 20_000; i++) {
      let target = '/'
      for (let n = next() % 10; n > 0; n--) target += chars[next() % chars.length]
      expect(upstreamPath(ORIGIN, target), JSON.stringify(target)).toBe(viaUrl(target))
    }
  })
})
