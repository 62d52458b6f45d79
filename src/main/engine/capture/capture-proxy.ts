import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import { connect, type Socket } from 'node:net'
import { TLSSocket } from 'node:tls'
import type { CaptureCa } from './capture-ca'
import type { CapturedHost } from './captured-exchange'
import { type ForwardContext, type ForwardTarget, forwardExchange } from './forward-exchange'
import { upstreamRequestHeaders } from './hop-headers'
import { adoptSocket, CAPTURE_HOST, listenLoopback } from './loopback-listener'

interface RunningProxy {
  url: string
  close(): Promise<void>
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' }

/** `host:port` with the scheme's default port written out (how CONNECT names its target). */
function authority(url: URL): string {
  return `${url.hostname.toLowerCase()}:${url.port || DEFAULT_PORTS[url.protocol]}`
}

/**
 * Intercepting proxy mode, for integrations whose URLs cannot change: an HTTP forward proxy on loopback. CONNECT to
 * one of the environment's hosts is answered with TLS from the capture CA (capture-ca.ts, a leaf per host) and its
 * requests are forwarded and recorded like the gateway's; absolute-form requests to a plain-HTTP environment host (the
 * default sandbox, http://127.0.0.1:PORT) are too. CONNECT and plain requests to any other host pass through untouched
 * and are not recorded, so the partner's other traffic keeps working with the proxy variables set.
 */
export async function startProxy(
  ctx: ForwardContext,
  upstream: { authUrl: string; baseUrl: string },
  ca: CaptureCa,
  port = 0,
): Promise<RunningProxy> {
  const targets = new Map<string, ForwardTarget>()
  for (const [host, url] of [
    ['auth', upstream.authUrl],
    ['base', upstream.baseUrl],
  ] as Array<[CapturedHost, string]>) {
    const u = new URL(url)
    const key = `${u.protocol}//${authority(u)}`
    // When both URLs share a host, the first (auth) names it: the exchange's path tells them apart for the reader.
    if (!targets.has(key)) targets.set(key, { host, upstream: u, origins: null, clientIsHttp: u.protocol === 'http:' })
  }
  const intercepted = new WeakMap<Socket, ForwardTarget>()
  const tunnels = new Set<Socket>()

  const listener = await listenLoopback(port, 'proxy', (req, res) => {
    const tunnelled = intercepted.get(req.socket)
    if (tunnelled) return void forwardExchange(ctx, tunnelled, req, res, req.url ?? '/')
    const raw = req.url ?? ''
    if (!/^http:\/\//i.test(raw))
      return refuse(res, 400, 'this is the console’s capture proxy: set it as HTTPS_PROXY/HTTP_PROXY, or use the gateway’s URLs.')
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      return refuse(res, 400, `"${raw.slice(0, 200)}" is not a URL.`)
    }
    const target = targets.get(`http://${authority(url)}`)
    const requestTarget = raw.replace(/^http:\/\/[^/?#]*/i, '') || '/'
    if (target) return void forwardExchange(ctx, target, req, res, requestTarget.startsWith('/') ? requestTarget : `/${requestTarget}`)
    passThrough(req, res, url)
  })

  listener.server.on('connect', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    const where = req.url ?? ''
    const target = targets.get(`https://${where.toLowerCase()}`)
    if (target) {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      if (head.length) socket.unshift(head)
      const tls = new TLSSocket(socket, {
        isServer: true,
        secureContext: ca.contextFor(target.upstream.hostname),
        ALPNProtocols: ['http/1.1'],
      })
      // A client that does not trust the capture CA closes the handshake: only its own socket goes.
      tls.on('error', () => tls.destroy())
      intercepted.set(tls, target)
      adoptSocket(listener, tls)
      return
    }
    const m = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(where)
    if (!m) {
      socket.end('HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\nconnection: close\r\n\r\n')
      return
    }
    const upstreamSocket = connect(Number(m[2]), m[1] as string)
    tunnels.add(upstreamSocket)
    upstreamSocket.once('close', () => tunnels.delete(upstreamSocket))
    upstreamSocket.once('connect', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      if (head.length) upstreamSocket.write(head)
      upstreamSocket.pipe(socket)
      socket.pipe(upstreamSocket)
    })
    upstreamSocket.on('error', error => {
      if (socket.writable && !upstreamSocket.readable)
        socket.end(`HTTP/1.1 502 Bad Gateway\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n${error.message}\n`)
      else socket.destroy()
    })
    socket.once('close', () => upstreamSocket.destroy())
  })

  return {
    url: `http://${CAPTURE_HOST}:${listener.port}`,
    close: async () => {
      for (const s of tunnels) s.destroy()
      await listener.close()
    },
  }
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' })
  res.end(`Partner API Console capture: ${message}\n`)
}

/** A plain-HTTP request to a host that is not the environment's: forwarded untouched, not recorded. */
function passThrough(req: IncomingMessage, res: ServerResponse, url: URL): void {
  const headers = upstreamRequestHeaders(req.rawHeaders)
  headers.push('host', url.host)
  const out = httpRequest(
    { host: url.hostname, port: url.port || 80, method: req.method, path: url.pathname + url.search, headers },
    upstream => {
      res.writeHead(
        upstream.statusCode ?? 502,
        upstream.rawHeaders.filter((_v, i, all) => !/^(connection|keep-alive|transfer-encoding)$/i.test(all[i - (i % 2)] as string)),
      )
      upstream.pipe(res)
    },
  )
  out.on('error', error => {
    if (!res.headersSent) refuse(res, 502, `${url.host} could not be reached: ${error.message}`)
    else res.destroy()
  })
  res.on('close', () => out.destroy())
  req.pipe(out)
}
