/**
 * The one script written inline in the console's page (src/renderer/index.html, first in <head>): a page that opened
 * the console's tab (another site, or another port of this machine, which is the same site) loses its handle on it
 * before a byte of the console is shown, so it can never navigate the console to a look-alike. The page's first
 * screen is in its HTML (pre-rendered), so its bundled script comes too late for this.
 */
export const OPENER_CUT_SCRIPT = 'if(window.opener)window.opener=null'

/**
 * The CSP source that allows exactly that script and no other inline one: its SHA-256 (test/unit/shared/opener-cut.test.ts
 * recomputes it), named in the web host's, the desktop window's and the page's own policies.
 */
export const OPENER_CUT_CSP_SOURCE = "'sha256-82QLPgxVfOONhbhJ+sYUX56nYT1dL1jRDC4SWmGMbfE='"
