import type { RunningSandbox } from './start-sandbox'

/**
 * The human-readable summary printed at start (by startSandbox unless quiet, and by the CLI):
 * where the sandbox listens, who can log in, which clients exist and the operator token.
 */
export function formatBanner(sandbox: Pick<RunningSandbox, 'url' | 'adminToken' | 'clients' | 'demoLogins'>): string {
  const lines = [
    `Partner API sandbox listening on ${sandbox.url}`,
    `  auth_url = base_url = ${sandbox.url}`,
    `  OpenAPI: ${sandbox.url}/_sandbox/openapi.json`,
    '',
    'Demo merchant logins (username / password):',
    ...sandbox.demoLogins.map(l => `  ${l.username} / ${l.password}   ${l.merchantName} (${l.merchantId})`),
    '',
    'Clients (client_id / client_secret / permissions / redirect URIs):',
  ]
  for (const c of sandbox.clients) {
    lines.push(`  ${c.clientId} / ${c.clientSecret} / ${(c.permissions ?? []).join(' ')}`)
    for (const uri of c.redirectUris) lines.push(`      ${uri}`)
  }
  lines.push('', `Operator API token (header x-sandbox-admin-token): ${sandbox.adminToken}`)
  return lines.join('\n')
}
