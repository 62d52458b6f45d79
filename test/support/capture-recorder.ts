import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type {
  CapturedExchange,
  CaptureInterceptor,
  CaptureObserver,
  InterceptDecision,
} from '../../src/main/engine/capture/captured-exchange'

/**
 * A test-only stand-in for the capture (issue 20), small enough to trust: a plain node:http forwarder on loopback
 * that builds a CapturedExchange per request, asks an interceptor first (the doctor's drills) and hands each
 * recorded exchange to its observers synchronously. Used to prove the doctor's verdicts on real traffic between a
 * partner integration and the sandbox until the real capture lands.
 */
export class CaptureRecorder {
  private seq = 0
  private constructor(
    private readonly server: Server,
    private readonly upstream: URL,
    private readonly observers: CaptureObserver[],
    private readonly interceptor: CaptureInterceptor | null,
  ) {}

  static async start(
    upstream: string,
    observers: CaptureObserver[],
    interceptor: CaptureInterceptor | null = null,
  ): Promise<CaptureRecorder> {
    let recorder: CaptureRecorder | undefined
    const server = createServer((req, res) => void recorder!.handle(req, res))
    recorder = new CaptureRecorder(server, new URL(upstream), observers, interceptor)
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    return recorder
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  close(): Promise<void> {
    this.server.closeAllConnections()
    return new Promise(resolve => this.server.close(() => resolve()))
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const startedAt = Date.now()
    this.seq++
    const seq = this.seq
    const target = req.url ?? '/'
    const q = target.indexOf('?')
    const path = q >= 0 ? target.slice(0, q) : target
    const query = q >= 0 ? target.slice(q + 1) : ''
    const headers: Array<[string, string]> = []
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!])
    const head = { method: req.method ?? 'GET', url: new URL(target, this.upstream).href, path, query, headers }
    const decision: InterceptDecision = this.interceptor?.decide(head, path.startsWith('/oauth2') ? 'auth' : 'base') ?? { kind: 'forward' }
    const body = await readAll(req)
    const exchange: CapturedExchange = {
      logId: `rec-${seq}`,
      seq,
      envId: 'recorder',
      host: path.startsWith('/oauth2') ? 'auth' : 'base',
      client: {
        peerAddress: req.socket.remoteAddress ?? '',
        peerPort: req.socket.remotePort ?? 0,
        userAgent: req.headers['user-agent'] ?? null,
      },
      startedAt,
      respondedAt: null,
      request: { ...head, body: { bytes: body, size: body.length, truncated: false } },
      response: null,
      error: null,
      drill: decision.kind === 'forward' ? null : decision.drill,
    }
    if (decision.kind === 'respond') {
      this.answer(res, exchange, decision.status, decision.headers, Buffer.from(decision.body, 'utf8'))
      return
    }
    if (decision.kind === 'before') await decision.run()
    try {
      const upstream = await this.forward(req.method ?? 'GET', target, headers, body)
      if (decision.kind === 'alter' && decision.delayMs) await new Promise(r => setTimeout(r, decision.delayMs))
      const out = decision.kind === 'alter' && decision.rewriteHeaders ? decision.rewriteHeaders(upstream.headers) : upstream.headers
      this.answer(res, exchange, upstream.status, out, upstream.body)
    } catch (error) {
      exchange.error = { hop: 'upstream', message: (error as Error).message }
      exchange.respondedAt = Date.now()
      this.notify(exchange)
      res.writeHead(502).end()
    }
  }

  private answer(res: ServerResponse, x: CapturedExchange, status: number, headers: Array<[string, string]>, body: Buffer): void {
    const kept = headers.filter(([n]) => !['transfer-encoding', 'connection', 'keep-alive', 'content-length'].includes(n.toLowerCase()))
    x.respondedAt = Date.now()
    x.response = { status, headers: kept, body: { bytes: body, size: body.length, truncated: false } }
    this.notify(x)
    res.writeHead(status, [...kept.flat(), 'content-length', String(body.length)])
    res.end(body)
  }

  private notify(x: CapturedExchange): void {
    for (const observe of this.observers) observe(x)
  }

  private forward(method: string, target: string, headers: Array<[string, string]>, body: Buffer) {
    return new Promise<{ status: number; headers: Array<[string, string]>; body: Buffer }>((resolve, reject) => {
      const sent = headers.filter(
        ([n]) => !['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(n.toLowerCase()),
      )
      const req = httpRequest(
        {
          host: this.upstream.hostname,
          port: this.upstream.port,
          method,
          path: target,
          headers: ['host', this.upstream.host, ...sent.flat(), 'content-length', String(body.length)],
        },
        res => {
          void readAll(res).then(b => {
            const out: Array<[string, string]> = []
            for (let i = 0; i < res.rawHeaders.length; i += 2) out.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!])
            resolve({ status: res.statusCode ?? 0, headers: out, body: b })
          }, reject)
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  }
}

function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    stream.on('data', (c: Buffer) => chunks.push(c))
    stream.on('end', () => resolve(Buffer.concat(chunks)))
    stream.on('error', reject)
  })
}
