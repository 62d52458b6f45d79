import { randomBytes } from 'node:crypto'
import type { RunningSandbox } from '../../sandbox'
import { findFreePort } from './free-port'

export interface EmbeddedSandbox {
  url: string
  adminToken: string
  /** The console's own client, registered with the loopback catcher's redirect URI. */
  client: { clientId: string; clientSecret: string; redirectUri: string }
  demoLogins: RunningSandbox['demoLogins']
  /** Set when it serves HTTPS: the local CA the built-in environment trusts (and the file to trust elsewhere). */
  tls?: { caFile: string; caPem: string }
  close(): Promise<void>
}

export const BUILTIN_CLIENT_ID = 'partner-console-builtin'

/**
 * Starts the sandbox in-process on a free loopback port as the console's default environment, with a client whose
 * redirect URI is a loopback address the console's catcher can listen on (RFC 8252 §7.3). The secret is random per
 * launch: the sandbox keeps no state across launches either.
 */
export async function startEmbeddedSandbox(
  options: {
    port?: number
    autoConsent?: 'allow' | 'deny'
    tlsDataDir?: string
    /** More clients to register (a `capture --sandbox --client ID:SECRET:URI` run's own), after the console's. */
    extraClients?: Array<{ clientId: string; clientSecret: string; redirectUris: string[] }>
  } = {},
): Promise<EmbeddedSandbox> {
  // Loaded here, not at the top: a run against an external server (--env, flags) never loads the sandbox's code.
  const { ensureSandboxTls, startSandbox } = await import('../../sandbox')
  // With tlsDataDir: HTTPS with a certificate from the console's local CA in that folder (created once, key 0600).
  const tls = options.tlsDataDir ? await ensureSandboxTls(options.tlsDataDir) : undefined
  const catcherPort = await findFreePort()
  const client = {
    clientId: BUILTIN_CLIENT_ID,
    clientSecret: `sbx_secret_${randomBytes(18).toString('base64url')}`,
    redirectUri: `http://127.0.0.1:${catcherPort}/callback`,
  }
  const sandbox = await startSandbox({
    port: options.port ?? 0,
    autoConsent: options.autoConsent,
    quiet: true,
    tls: tls ? { cert: tls.cert, key: tls.key } : undefined,
    // Also the demo clients (one with read:locations only, for the 403 path), for partners pointing their own code here.
    includeDemoClients: true,
    clients: [
      {
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        redirectUris: [client.redirectUri],
        name: 'Partner API Console (built-in)',
      },
      ...(options.extraClients ?? []),
    ],
  })
  return {
    url: sandbox.url,
    adminToken: sandbox.adminToken,
    client,
    demoLogins: sandbox.demoLogins,
    tls: tls ? { caFile: tls.caFile, caPem: tls.ca } : undefined,
    close: () => sandbox.close(),
  }
}
