/**
 * The one script written inline in the console's page (src/renderer/index.html, first in <head>). The page's first
 * screen is in its HTML (pre-rendered), so it shows before the bundled script runs; two things cannot wait for that:
 * - a page that opened the console's tab (another site, or another port of this machine, which is the same site) loses
 *   its handle on it before a byte of the console is shown, so it can never navigate the console to a look-alike;
 * - a theme the user chose (light or dark, kept by theme-store.ts under `partner-console.theme`, as persist's JSON or
 *   the bare word older versions wrote) applies from the first paint: the pre-rendered screen otherwise follows the
 *   OS scheme and flips once the script runs. Unreadable storage or a damaged value leaves the OS scheme, silently.
 */
export const HEAD_SCRIPT =
  'if(window.opener)window.opener=null;try{let t=localStorage.getItem("partner-console.theme");t=t==="light"||t==="dark"?t:JSON.parse(t).state.choice;if(t==="light"||t==="dark")document.documentElement.dataset.theme=t}catch{}'

/**
 * The CSP source that allows exactly that script and no other inline one: its SHA-256 (test/unit/shared/head-script.test.ts
 * recomputes it), named in the web host's, the desktop window's and the page's own policies.
 */
export const HEAD_SCRIPT_CSP_SOURCE = "'sha256-kaoxqkEBs1OtxTYao7EgszkCQR4Ttto0oYxzWVjq+/c='"
