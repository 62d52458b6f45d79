import type { IncomingMessage, ServerResponse } from 'node:http'
import type { CapturedHost } from './captured-exchange'
import { type ForwardContext, forwardExchange } from './forward-exchange'
import type { OriginMap } from './hop-headers'
import { CAPTURE_HOST, type LoopbackListener, listenLoopback } from './loopback-listener'

/** The gateway's two loopback URLs: what the partner sets as their auth and base URLs. */
interface GatewayUrls {
  authUrl: string
  baseUrl: string
}

interface RunningGateway {
  urls: GatewayUrls
  close(): Promise<void>
}

/**
 * Gateway mode: one loopback port per environment host ({auth_url} and {base_url} both carry `/api/v1/...` paths, so
 * one port could not route them), each forwarding every request to its own host only (never an open proxy). No
 * certificate is needed: the partner changes two URLs. HMAC signatures stay valid: they cover the path, not the host.
 * Redirects and cookies of the consent pages are rewritten to stay on the gateway (hop-headers.ts).
 */
export async function startGateway(
  ctx: ForwardContext,
  upstream: { authUrl: string; baseUrl: string },
  ports: { auth?: number; base?: number } = {},
): Promise<RunningGateway> {
  const byUpstream = new Map<string, string>()
  const origins: OriginMap = { byUpstream }
  const listeners: LoopbackListener[] = []
  const open = async (host: CapturedHost, url: string, port: number) => {
    const target = { host, upstream: new URL(url), origins, clientIsHttp: true }
    const listener = await listenLoopback(port, `gateway for ${host === 'auth' ? '{auth_url}' : '{base_url}'}`, (req, res) =>
      handle(ctx, target, req, res),
    )
    listeners.push(listener)
    return listener
  }
  try {
    const auth = await open('auth', upstream.authUrl, ports.auth ?? 0)
    const base = await open('base', upstream.baseUrl, ports.base ?? 0)
    // When both URLs share an origin, the base port takes the redirects (the API is what follows a token).
    byUpstream.set(new URL(upstream.authUrl).origin, `http://${CAPTURE_HOST}:${auth.port}`)
    byUpstream.set(new URL(upstream.baseUrl).origin, `http://${CAPTURE_HOST}:${base.port}`)
    const basePath = (url: string) => new URL(url).pathname.replace(/\/+$/, '')
    return {
      urls: {
        authUrl: `http://${CAPTURE_HOST}:${auth.port}${basePath(upstream.authUrl)}`,
        baseUrl: `http://${CAPTURE_HOST}:${base.port}${basePath(upstream.baseUrl)}`,
      },
      close: async () => {
        await Promise.all(listeners.map(l => l.close()))
      },
    }
  } catch (error) {
    await Promise.all(listeners.map(l => l.close()))
    throw error
  }
}

function handle(ctx: ForwardContext, target: Parameters<typeof forwardExchange>[1], req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? '/'
  if (!path.startsWith('/')) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' })
    res.end(
      'Partner API Console capture: the gateway takes paths (GET /api/v1/...), not absolute URLs. To send absolute URLs through the console, use the capture in proxy mode.\n',
    )
    return
  }
  void forwardExchange(ctx, target, req, res, path)
}
