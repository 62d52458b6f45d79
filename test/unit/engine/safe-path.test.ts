import { describe, expect, it } from 'vitest'
import { resolveInside } from '../../../src/main/engine/core/safe-path'

describe('resolveInside', () => {
  const root = '/srv/renderer'
  it('maps paths inside the folder, / to index.html', () => {
    expect(resolveInside(root, '/')).toBe('/srv/renderer/index.html')
    expect(resolveInside(root, '/assets/index-1.js')).toBe('/srv/renderer/assets/index-1.js')
    expect(resolveInside(root, '/a/../index.html')).toBe('/srv/renderer/index.html')
  })
  it('never resolves outside the folder, however the dots are encoded', () => {
    for (const p of [
      '/../etc/passwd',
      '/..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/x/../../renderer2/a',
      '..\\..\\etc\\passwd',
    ]) {
      const r = resolveInside(root, p)
      expect(r === null || r.startsWith('/srv/renderer/')).toBe(true)
      expect(r).not.toBe('/etc/passwd')
    }
  })
  it('refuses NUL bytes and broken percent-encoding', () => {
    expect(resolveInside(root, '/a%00.js')).toBeNull()
    expect(resolveInside(root, '/%E0%A4%A')).toBeNull()
  })
})
