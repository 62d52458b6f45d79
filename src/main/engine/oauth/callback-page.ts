/** What the browser tab shows after the loopback catcher received the redirect. */
export interface CallbackPageContent {
  outcome: 'success' | 'denied' | 'error'
  title: string
  message: string
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)
}

/**
 * The small page the loopback catcher answers the browser with: says plainly whether it worked and that the tab can
 * be closed. No script, no external resources; the message never contains the code or a token.
 */
export function callbackPage(content: CallbackPageContent): string {
  const color = content.outcome === 'success' ? '#1a7f37' : content.outcome === 'denied' ? '#9a6700' : '#cf222e'
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.title)} · Partner API Console</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2328}
h1{font-size:1.3rem;color:${color}}p.close{margin-top:2rem;color:#59636e}
@media (prefers-color-scheme: dark){body{background:#1e1f22;color:#e6edf3}p.close{color:#9198a1}}</style></head>
<body><h1 id="outcome" data-outcome="${content.outcome}">${escapeHtml(content.title)}</h1>
<p id="message">${escapeHtml(content.message)}</p>
<p class="close">You can close this tab and return to the Partner API Console.</p></body></html>
`
}
