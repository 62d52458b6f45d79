// @vitest-environment jsdom
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { afterEach, describe, expect, it } from 'vitest'
import { securityHeaders } from '../../../src/main/web/security-headers'
import { useThemeStore } from '../../../src/renderer/src/stores/theme-store'
import { HEAD_SCRIPT, HEAD_SCRIPT_CSP_SOURCE } from '../../../src/shared/head-script'

const INDEX_HTML = readFileSync(join(import.meta.dirname, '../../../src/renderer/index.html'), 'utf8')
const THEME_KEY = useThemeStore.persist.getOptions().name as string

/**
 * Runs the page's inline script, the exact text, in a context of its own whose window has an opener and whose
 * localStorage holds `stored` under the theme's key (or whose storage throws, as a browser with storage blocked does).
 * Returns what it left: the opener, the root element's data-theme.
 */
function runHeadScript(stored: string | null | 'throws'): { opener: unknown; theme: string | undefined } {
  const dataset: Record<string, string> = {}
  const window: Record<string, unknown> = { opener: { location: 'https://elsewhere.example' } }
  const context: Record<string, unknown> = { window, document: { documentElement: { dataset } } }
  Object.defineProperty(context, 'localStorage', {
    get() {
      if (stored === 'throws') throw new Error('SecurityError: storage is disabled')
      return { getItem: (key: string) => (key === THEME_KEY ? stored : null) }
    },
  })
  runInNewContext(HEAD_SCRIPT, context)
  return { opener: window.opener, theme: dataset.theme }
}

afterEach(() => {
  localStorage.clear()
})

describe('the page’s one inline script (index.html, first in <head>)', () => {
  it('its CSP source is the SHA-256 of the script, byte for byte', () => {
    expect(HEAD_SCRIPT_CSP_SOURCE).toBe(`'sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}'`)
  })

  it('index.html runs it first in <head>, before the title and any other script, and it is the only inline script', () => {
    const scripts = [...INDEX_HTML.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    const inline = scripts.filter(m => !/\ssrc=/.test(m[1] as string))
    expect(inline.map(m => m[2])).toEqual([HEAD_SCRIPT])
    expect(INDEX_HTML.indexOf(HEAD_SCRIPT)).toBeLessThan(INDEX_HTML.indexOf('<title>'))
    expect(INDEX_HTML.indexOf(HEAD_SCRIPT)).toBeLessThan(INDEX_HTML.indexOf('<body>'))
  })

  it('the page’s own policy and the web host’s allow it by its hash, and no other inline script', () => {
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(INDEX_HTML)?.[1] ?? ''
    const web = securityHeaders(4321)['Content-Security-Policy'] ?? ''
    for (const policy of [meta, web]) {
      const scriptSrc = /script-src ([^;]+)/.exec(policy)?.[1]?.trim()
      expect(scriptSrc).toBe(`'self' ${HEAD_SCRIPT_CSP_SOURCE}`)
    }
  })

  it('cuts the opener whatever the storage holds, even when reading storage throws', () => {
    for (const stored of [null, 'dark', '{', 'throws'] as const) expect(runHeadScript(stored).opener).toBeNull()
  })

  it('applies the theme the theme store kept, as the store writes it, before the bundle runs', () => {
    for (const choice of ['light', 'dark'] as const) {
      useThemeStore.getState().setChoice(choice)
      expect(runHeadScript(localStorage.getItem(THEME_KEY)).theme).toBe(choice)
    }
    // "Follow the system": nothing set, so the OS scheme (color-scheme: light dark) decides, as before the script.
    useThemeStore.getState().setChoice('system')
    expect(localStorage.getItem(THEME_KEY)).not.toBeNull()
    expect(runHeadScript(localStorage.getItem(THEME_KEY)).theme).toBeUndefined()
  })

  it('reads the bare word older versions wrote, and leaves the OS scheme for anything else, without throwing', () => {
    expect(runHeadScript('dark').theme).toBe('dark')
    expect(runHeadScript('light').theme).toBe('light')
    for (const stored of [null, 'system', 'purple', '{', '[]', 'null', '{"state":{"choice":"x\\" onload=\\""}}', 'throws'] as const) {
      expect(runHeadScript(stored).theme).toBeUndefined()
    }
  })
})
