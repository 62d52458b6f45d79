import { Agent, createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { Pool } from 'undici'
import { signRequest } from '../../src/main/engine/signing/signer'
import { SPEC_PATHS } from '../../src/shared/spec'

/** A server of the bench on 127.0.0.1, closed with every connection it holds. */
export interface BenchServer {
  url: string
  close(): Promise<void>
}

async function listen(server: Server): Promise<BenchServer> {
  await new Promise<void>(r => server.listen(0, '127.0.0.1', () => r()))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise(r => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}

const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host'])

/**
 * The baseline of the capture's latency row: a bare Node reverse proxy (node:http + http.request on a keep-alive
 * agent) forwarding every request to `upstream` with its headers (hop-by-hop ones dropped) and streaming both bodies.
 */
export function bareReverseProxy(upstream: string): Promise<BenchServer> {
  const target = new URL(upstream)
  const agent = new Agent({ keepAlive: true, maxSockets: 64 })
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const headers: Record<string, string | string[]> = {}
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP.has(name)) headers[name] = value
    headers.host = target.host
    const out = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent }, upstreamRes => {
      const back: Record<string, string | string[]> = {}
      for (const [name, value] of Object.entries(upstreamRes.headers)) if (value !== undefined && !HOP.has(name)) back[name] = value
      res.writeHead(upstreamRes.statusCode ?? 502, back)
      upstreamRes.pipe(res)
    })
    out.on('error', () => res.destroy())
    req.pipe(out)
  })
  server.on('close', () => agent.destroy())
  return listen(server)
}

/** An upstream answering every request with the same small JSON at once: the capture's cost is all that differs. */
export function jsonUpstream(): Promise<BenchServer> {
  const body = JSON.stringify({ results: [{ id: 1001, name: 'Main street' }], meta: { count: 1 } })
  return listen(
    createServer((req, res) => {
      req.resume()
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
      res.end(body)
    }),
  )
}

/** A partner's calls as the doctor judges them: bearer listings and HMAC-signed exports, each signature fresh. */
export function partnerCall(i: number, client: { clientId: string; clientSecret: string; token: string }) {
  if (i % 2 === 0) return { path: SPEC_PATHS.locations, headers: { authorization: `Bearer ${client.token}` } }
  const path = `/api/v1/export/${100_000 + (i % 50_000)}/tickets`
  const signed = signRequest({
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    method: 'GET',
    path,
    timestamp: Math.floor(Date.now() / 1000),
  })
  return { path: `${path}?filter[dateTimeFrom]=2025-04-28&filter[dateTimeTo]=2025-04-30`, headers: signed.headers }
}

/**
 * Sends `count` requests with `concurrency` in flight over keep-alive connections; every answer must be `expect`.
 * Returns the wall time (ms) and the process CPU time (ms) it took.
 */
export async function drive(
  origin: string,
  count: number,
  concurrency: number,
  call: (i: number) => { path: string; headers: Record<string, string> },
  expect = 200,
): Promise<{ wallMs: number; cpuMs: number }> {
  const pool = new Pool(origin, { connections: concurrency, pipelining: 1 })
  let issued = 0
  let wrong = 0
  const cpu = process.cpuUsage()
  const started = performance.now()
  const worker = async () => {
    while (issued < count) {
      const i = issued++
      const { path, headers } = call(i)
      const res = await pool.request({ path, method: 'GET', headers })
      await res.body.text()
      if (res.statusCode !== expect) wrong++
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  const wallMs = performance.now() - started
  const used = process.cpuUsage(cpu)
  await pool.close()
  if (wrong > 0) throw new Error(`${wrong} of ${count} requests to ${origin} did not answer ${expect}`)
  return { wallMs, cpuMs: (used.user + used.system) / 1000 }
}

/** heapUsed + external after full collections, in MB: what the process still holds. */
export async function heldMegabytes(): Promise<number> {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  for (let i = 0; i < 3; i++) {
    gc()
    await new Promise(r => setImmediate(r))
  }
  const m = process.memoryUsage()
  return (m.heapUsed + m.external) / 2 ** 20
}
