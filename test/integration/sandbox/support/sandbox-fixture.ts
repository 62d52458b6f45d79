import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../../../src/sandbox'

/** 2025-05-01T12:00:00Z: the fixed base time of the suite (the sandbox clock moves only when told). */
export const BASE_MS = Date.UTC(2025, 4, 1, 12, 0, 0)

export const DEMO = {
  clientId: 'sandbox-demo-client',
  secret: 'sandbox-demo-secret',
  redirectUri: 'http://127.0.0.1:8765/callback',
}
export const READONLY = {
  clientId: 'sandbox-readonly-client',
  secret: 'sandbox-readonly-secret',
  redirectUri: 'http://127.0.0.1:8765/callback',
}
export const MERCHANT_A = { username: 'demo@globebistro.example', password: 'sandbox-demo', merchantId: 'M-1001' }
export const MERCHANT_B = { username: 'owner@cafelumiere.example', password: 'sandbox-demo', merchantId: 'M-2002' }

/** Starts a quiet sandbox on a free loopback port with a frozen base clock. */
export function startTestSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ quiet: true, now: () => BASE_MS, ...opts })
}

/** Calls an operator endpoint with the admin token. */
export async function admin(sb: RunningSandbox, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${sb.url}${path}`, {
    method,
    headers: { 'x-sandbox-admin-token': sb.adminToken, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: await res.json() }
}
