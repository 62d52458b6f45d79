import type { DemoLogin } from '../data/seed-data'

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;')
}

const PERMISSION_TEXT: Record<string, string> = {
  'read:locations': 'See the locations where the integration can be installed',
  'write:installations': 'Install the integration at one of your locations',
}

/** Styles that make the sign-in and consent pages readable on a projector (presenter mode, `?presenter=1`). */
const LARGE_STYLE = `<style>
  html { font-size: 150%; }
  main { width: min(720px, 94vw); }
  code, td { font-size: 1rem; }
</style>`

/** How a page is drawn: `large` for presenter mode. */
interface PageLook {
  large?: boolean
}

function layout(title: string, body: string, look: PageLook = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Partner API Sandbox</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; display: grid; place-items: center; min-height: 100vh; background: Canvas; color: CanvasText; }
  main { width: min(440px, 92vw); border: 1px solid #8884; border-radius: 10px; padding: 24px 28px; }
  h1 { font-size: 1.25rem; margin-top: 0; }
  label { display: block; margin: 12px 0 4px; font-size: .9rem; }
  input[type=text], input[type=password] { width: 100%; box-sizing: border-box; padding: 8px; font: inherit; }
  button { padding: 8px 18px; font: inherit; margin: 16px 8px 0 0; cursor: pointer; }
  .error { border-left: 4px solid #d33; padding: 6px 10px; background: #d331; }
  .hint { font-size: .8rem; opacity: .8; }
  code, td { font-family: ui-monospace, monospace; font-size: .85rem; word-break: break-all; }
  table { border-collapse: collapse; width: 100%; } td, th { border: 1px solid #8884; padding: 4px 6px; text-align: left; }
  .badge { font-size: .75rem; border: 1px solid #8886; border-radius: 4px; padding: 1px 6px; }
  #permissions { list-style: none; padding-left: 0; }
  #permissions label { display: flex; gap: 8px; align-items: baseline; margin: 6px 0; font-size: 1rem; }
</style>
${look.large ? LARGE_STYLE : ''}
</head>
<body><main>
<p><span class="badge">SANDBOX</span></p>
${body}
</main></body>
</html>`
}

function hidden(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n')
}

/** The merchant login screen of docs/api.md#authorize, with the demo logins listed for convenience. */
export function loginPage(input: {
  clientName: string
  pendingId: string
  csrf: string
  demoLogins: DemoLogin[]
  error?: string
  username?: string
  large?: boolean
}): string {
  const logins = input.demoLogins
    .map(l => `<li><code>${escapeHtml(l.username)}</code> / <code>${escapeHtml(l.password)}</code> (${escapeHtml(l.merchantName)})</li>`)
    .join('')
  return layout(
    'Sign in',
    `<h1>Sign in to continue to ${escapeHtml(input.clientName)}</h1>
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="/oauth2/authorize/login">
${hidden({ pending: input.pendingId, csrf: input.csrf })}
<label for="username">Username</label>
<input type="text" id="username" name="username" autocomplete="username" required autofocus value="${escapeHtml(input.username ?? '')}">
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required>
<button type="submit" id="sign-in">Sign in</button>
</form>
<p class="hint">Demo merchant logins:</p><ul class="hint">${logins}</ul>`,
    { large: input.large },
  )
}

/** The form field of one permission's tick box on the consent page. */
export function grantField(permission: string): string {
  return `grant:${permission}`
}

/**
 * The permissions form of docs/api.md#authorize with Allow and Deny. Each requested permission is a tick box, so a merchant can grant
 * less than was asked (the spec's "select the permissions"); `ticked` says which start ticked.
 */
export function consentPage(input: {
  clientName: string
  merchantName: string
  permissions: string[]
  ticked: string[]
  redirectUri: string
  pendingId: string
  csrf: string
  error?: string
  large?: boolean
}): string {
  const items = input.permissions
    .map(p => {
      const id = `grant-${p.replace(/[^\w-]/g, '-')}`
      const checked = input.ticked.includes(p) ? ' checked' : ''
      return `<li><label for="${escapeHtml(id)}"><input type="checkbox" id="${escapeHtml(id)}" name="${escapeHtml(grantField(p))}" value="on"${checked}><span><code>${escapeHtml(p)}</code>: ${escapeHtml(PERMISSION_TEXT[p] ?? 'Custom permission')}</span></label></li>`
    })
    .join('')
  return layout(
    'Grant access',
    `<h1>${escapeHtml(input.clientName)} wants access to ${escapeHtml(input.merchantName)}</h1>
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<p>The application is requesting these permissions. Untick any you do not want to grant:</p>
<form method="post" action="/oauth2/authorize/decision">
${hidden({ pending: input.pendingId, csrf: input.csrf, grants_offered: '1' })}
<ul id="permissions">${items}</ul>
<p class="hint">You will be sent back to <code>${escapeHtml(input.redirectUri)}</code>.</p>
<button type="submit" id="allow" name="decision" value="allow">Allow</button>
<button type="submit" id="deny" name="decision" value="deny">Deny</button>
</form>`,
    { large: input.large },
  )
}

/** An error page that never redirects (bad client, redirect_uri mismatch, expired form). */
export function errorPage(input: {
  title: string
  message: string
  sentRedirectUri?: string | null
  registered?: string[]
  large?: boolean
}): string {
  let table = ''
  if (input.registered) {
    const rows = input.registered.map(u => `<tr><th>Registered</th><td>${escapeHtml(u)}</td></tr>`).join('')
    const sent = input.sentRedirectUri === undefined || input.sentRedirectUri === null ? '(none)' : input.sentRedirectUri
    table = `<table id="redirect-uris"><tr><th>Sent</th><td id="sent-redirect-uri">${escapeHtml(sent)}</td></tr>${rows}</table>
<p class="hint">The redirect_uri must match a registered URI exactly, byte for byte (scheme, host, port, path, trailing slash).</p>`
  }
  return layout(input.title, `<h1>${escapeHtml(input.title)}</h1><p class="error" role="alert">${escapeHtml(input.message)}</p>${table}`, {
    large: input.large,
  })
}
