import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { securityHeaders } from '../../../src/main/web/security-headers'
import { OPENER_CUT_CSP_SOURCE, OPENER_CUT_SCRIPT } from '../../../src/shared/opener-cut'

const INDEX_HTML = readFileSync(join(import.meta.dirname, '../../../src/renderer/index.html'), 'utf8')

describe('the page’s one inline script: the opener cut', () => {
  it('its CSP source is the SHA-256 of the script, byte for byte', () => {
    expect(OPENER_CUT_CSP_SOURCE).toBe(`'sha256-${createHash('sha256').update(OPENER_CUT_SCRIPT).digest('base64')}'`)
  })

  it('index.html runs it first in <head>, before the title and any other script, and it is the only inline script', () => {
    const scripts = [...INDEX_HTML.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    const inline = scripts.filter(m => !/\ssrc=/.test(m[1] as string))
    expect(inline.map(m => m[2])).toEqual([OPENER_CUT_SCRIPT])
    expect(INDEX_HTML.indexOf(OPENER_CUT_SCRIPT)).toBeLessThan(INDEX_HTML.indexOf('<title>'))
    expect(INDEX_HTML.indexOf(OPENER_CUT_SCRIPT)).toBeLessThan(INDEX_HTML.indexOf('<body>'))
  })

  it('the page’s own policy and the web host’s allow it by its hash, and no other inline script', () => {
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(INDEX_HTML)?.[1] ?? ''
    const web = securityHeaders(4321)['Content-Security-Policy'] ?? ''
    for (const policy of [meta, web]) {
      const scriptSrc = /script-src ([^;]+)/.exec(policy)?.[1]?.trim()
      expect(scriptSrc).toBe(`'self' ${OPENER_CUT_CSP_SOURCE}`)
    }
  })
})
