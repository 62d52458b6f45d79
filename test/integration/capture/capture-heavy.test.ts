import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { Agent, createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http'
import { connect, type Socket } from 'node:net'
import { networkInterfaces } from 'node:os'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCertificateAuthority, issueServerCertificate } from '../../../src/sandbox'
import type { CaptureStatus, LogEntry } from '../../../src/shared/contract'
import { listenerClosed } from '../../support/ports'
import { type StandaloneCapture, standaloneCapture } from '../../support/standalone-capture'
import { httpsServer } from '../networks/support'

const MB = 1024 * 1024
const BIG = 50 * MB
const CHUNK = 64 * 1024
/** One block of random bytes; chunk i is the block with i written into its first bytes, so no two chunks are alike. */
const BLOCK = randomBytes(CHUNK)

function chunkAt(i: number, size = CHUNK): Buffer {
  const chunk = Buffer.from(BLOCK.subarray(0, size))
  chunk.writeUInt32BE(i, 0)
  return chunk
}

/** Writes `total` bytes of distinct chunks to a stream with back-pressure, hashing what it writes. */
async function writeBig(out: NodeJS.WritableStream, total: number): Promise<string> {
  const hash = createHash('sha256')
  for (let i = 0, sent = 0; sent < total; i++) {
    const chunk = chunkAt(i, Math.min(CHUNK, total - sent))
    hash.update(chunk)
    sent += chunk.length
    if (!out.write(chunk)) await new Promise(r => out.once('drain', r))
  }
  await new Promise<void>(r => out.end(r))
  return hash.digest('hex')
}

async function hashOf(stream: AsyncIterable<Buffer>): Promise<{ sha: string; bytes: number }> {
  const hash = createHash('sha256')
  let bytes = 0
  for await (const chunk of stream) {
    hash.update(chunk)
    bytes += chunk.length
  }
  return { sha: hash.digest('hex'), bytes }
}

/** The upstream the capture forwards to: it hashes uploads, streams downloads, echoes ids, and holds some responses. */
interface Upstream {
  url: string
  server: Server
  /** Hashes of the bodies it sent for /download, by request id. */
  sent: Map<string, string>
  /** Requests of /hang that are open now; each resolves `closed` when the capture drops it. */
  hanging: Array<{ id: string; closed: Promise<void> }>
  hangingArrived: (count: number) => Promise<void>
  peak: number
  close(): Promise<void>
}

async function startUpstream(): Promise<Upstream> {
  let inFlight = 0
  const arrivals: Array<() => void> = []
  const up: Upstream = {
    url: '',
    server: createServer(),
    sent: new Map(),
    hanging: [],
    peak: 0,
    hangingArrived: count =>
      new Promise(resolve => {
        const check = () => {
          if (up.hanging.length >= count) resolve()
          else arrivals.push(check)
        }
        check()
      }),
    close: () =>
      new Promise(resolve => {
        up.server.closeAllConnections()
        up.server.close(() => resolve())
      }),
  }
  up.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // A request the capture cancels mid-body is the point of some tests, not a failure of the upstream.
    answer(req, res).catch(() => res.destroy())
  })
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    inFlight++
    up.peak = Math.max(up.peak, inFlight)
    res.once('close', () => inFlight--)
    const url = new URL(req.url ?? '/', 'http://x')
    const id = url.searchParams.get('id') ?? ''
    if (url.pathname === '/upload') {
      const { sha, bytes } = await hashOf(req)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ sha, bytes, id }))
    } else if (url.pathname === '/download') {
      req.resume()
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': BIG })
      up.sent.set(id, await writeBig(res, BIG))
    } else if (url.pathname === '/hang') {
      req.resume()
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.write('first chunk\n')
      up.hanging.push({ id, closed: new Promise(r => res.once('close', () => r())) })
      for (const wake of arrivals.splice(0)) wake()
    } else {
      const body = await hashOf(req)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ id, bytes: body.bytes }))
    }
  }
  await new Promise<void>(r => up.server.listen(0, '127.0.0.1', r))
  up.url = `http://127.0.0.1:${(up.server.address() as { port: number }).port}`
  return up
}

/** One request through the capture with the client's own body writer; resolves with the status and the response. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; agent?: Agent },
  writeBody: (req: NodeJS.WritableStream) => Promise<unknown> = async r => r.end(),
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers, agent: options.agent }, resolve)
    req.on('error', reject)
    writeBody(req).catch(reject)
  })
}

async function json(res: IncomingMessage): Promise<Record<string, unknown>> {
  let text = ''
  for await (const chunk of res) text += chunk
  return JSON.parse(text) as Record<string, unknown>
}

/** heapUsed + external + array buffers after full collections: what the process still holds. */
async function heldMemory(): Promise<number> {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  for (let i = 0; i < 3; i++) {
    gc()
    await new Promise(r => setImmediate(r))
  }
  const m = process.memoryUsage()
  return m.heapUsed + m.external
}

/** The local addresses something listens on at `port` (Linux: /proc/net/tcp and tcp6), as hex words. */
function listeningAddresses(port: number): string[] | null {
  if (!existsSync('/proc/net/tcp')) return null
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0')
  const out: string[] = []
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(file)) continue
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/)
      // State 0A is LISTEN.
      if (state === '0A' && local?.endsWith(`:${hexPort}`)) out.push(local.slice(0, -5))
    }
  }
  return out
}

/** Connecting to `port` on every non-loopback address of this machine: what each attempt got. */
async function fromOtherInterfaces(port: number): Promise<string[]> {
  const addresses = Object.values(networkInterfaces())
    .flat()
    .filter(a => a && !a.internal)
    .map(a => a?.address as string)
  return Promise.all(
    addresses.map(
      address =>
        new Promise<string>(resolve => {
          const s = connect({ port, host: address })
          s.once('connect', () => {
            s.destroy()
            resolve(`${address}: connected`)
          })
          s.once('error', (e: NodeJS.ErrnoException) => resolve(`${address}: ${e.code}`))
        }),
    ),
  )
}

function closedOf(socket: Socket): Promise<void> {
  return new Promise(r => (socket.destroyed ? r() : socket.once('close', () => r())))
}

let up: Upstream
let c: StandaloneCapture
let status: CaptureStatus
let base: string

beforeAll(async () => {
  up = await startUpstream()
  c = await standaloneCapture({ authUrl: up.url, baseUrl: up.url })
  status = await c.capture.start({ mode: 'gateway' })
  base = status.gateway?.baseUrl as string
})
afterAll(async () => {
  await c?.close()
  await up?.close()
})

const captured = (): LogEntry[] => c.layer.log.entries().filter(e => e.source === 'captured')
const entryFor = (id: string): LogEntry | undefined => captured().find(e => e.url.includes(`id=${id}`))

describe('capture under heavy and hostile traffic', () => {
  it('listens on loopback only: every port of both modes is bound to 127.0.0.1, unreachable from other interfaces', async () => {
    const proxyCapture = await standaloneCapture({ authUrl: up.url, baseUrl: `${up.url}/api` })
    try {
      const proxy = await proxyCapture.capture.start({ mode: 'proxy' })
      const ports = [status.gateway?.authUrl, status.gateway?.baseUrl, proxy.proxy?.url].map(u => Number(new URL(u as string).port))
      for (const port of ports) {
        const bound = listeningAddresses(port)
        // 0100007F is 127.0.0.1 in /proc's byte order.
        if (bound) expect(bound).toEqual(['0100007F'])
        for (const attempt of await fromOtherInterfaces(port))
          expect(attempt).toMatch(/ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL/)
      }
    } finally {
      await proxyCapture.close()
    }
  })

  it('streams a 50 MB request body and a 50 MB response through unchanged, keeping only a capped copy in the log', async () => {
    const before = await heldMemory()
    let sentSha = ''
    const upload = await send(
      `${base}/upload?id=big-up`,
      { method: 'POST', headers: { 'content-type': 'application/octet-stream' } },
      async req => {
        sentSha = await writeBig(req, BIG)
      },
    )
    const received = await json(upload)
    expect(received).toMatchObject({ sha: sentSha, bytes: BIG })

    const download = await send(`${base}/download?id=big-down`, {})
    const got = await hashOf(download)
    expect(got.bytes).toBe(BIG)
    expect(got.sha).toBe(up.sent.get('big-down'))

    const upEntry = entryFor('big-up')
    const downEntry = entryFor('big-down')
    expect(upEntry).toMatchObject({ status: 200, requestBody: { size: BIG, truncated: true } })
    expect(downEntry).toMatchObject({ status: 200, responseBody: { size: BIG, truncated: true } })
    // 100 MB crossed the capture; what it still holds is the log's capped copies (1 MiB per body at most).
    const held = (await heldMemory()) - before
    expect(held).toBeLessThan(16 * MB)
  }, 120_000)

  it('forwards a slow upload (bytes dribbled over two seconds) whole, while other exchanges pass meanwhile', async () => {
    const dribble = send(`${base}/upload?id=slow`, { method: 'POST', headers: { 'content-length': String(20 * 100) } }, async req => {
      for (let i = 0; i < 20; i++) {
        req.write(chunkAt(i, 100))
        // The wall clock is the subject: a client that sends its body slowly.
        await new Promise(r => setTimeout(r, 100))
      }
      req.end()
    })
    const quick = await json(await send(`${base}/ok?id=during-slow`, {}))
    expect(quick).toMatchObject({ id: 'during-slow' })
    expect(entryFor('slow')).toBeUndefined()
    const slow = await json(await dribble)
    const expected = createHash('sha256')
    for (let i = 0; i < 20; i++) expected.update(chunkAt(i, 100))
    expect(slow).toMatchObject({ sha: expected.digest('hex'), bytes: 2000 })
    const entry = entryFor('slow')
    expect(entry?.status).toBe(200)
    expect(entry?.timings?.send).toBeGreaterThan(1500)
  })

  it('takes 1,000 parallel connections: each answered with its own response, each logged once', async () => {
    const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY })
    const before = captured().length
    try {
      const ids = Array.from({ length: 1000 }, (_, i) => `par-${i}`)
      const answers = await Promise.all(
        ids.map(async id => json(await send(`${base}/echo?id=${id}`, { method: 'POST', agent }, async r => r.end(id)))),
      )
      expect(answers.map(a => `${a.id}:${a.bytes}`)).toEqual(ids.map(id => `${id}:${id.length}`))
    } finally {
      agent.destroy()
    }
    const entries = captured().slice(before)
    expect(entries).toHaveLength(1000)
    expect(new Set(entries.map(e => e.url)).size).toBe(1000)
    expect(entries.every(e => e.status === 200 && e.requestBody?.text.startsWith('par-'))).toBe(true)
  }, 120_000)

  it('keeps running when a client disconnects mid-response: the upstream request is cancelled, the entry says "Client: …"', async () => {
    const gone = await send(`${base}/hang?id=gone`, {})
    const other = send(`${base}/hang?id=stays`, {})
    await up.hangingArrived(2)
    // The client read the first chunk, then went away while the upstream was quiet.
    for await (const _chunk of gone) break
    gone.socket.destroy()
    const dropped = up.hanging.find(h => h.id === 'gone')
    await dropped?.closed
    await expect.poll(() => entryFor('gone')?.error, { timeout: 10_000 }).toMatch(/^Client: /)
    expect(entryFor('gone')?.state).toBe('failed')
    // The other exchange is untouched and the capture still answers.
    const stays = await other
    expect(stays.statusCode).toBe(200)
    expect(await json(await send(`${base}/ok?id=after-gone`, {}))).toMatchObject({ id: 'after-gone' })
    stays.destroy()
  })

  it('answers 502 naming the TLS hop and the host when the upstream’s certificate is not trusted', async () => {
    const untrusted = createCertificateAuthority('Untrusted CA of the test')
    const server = await httpsServer(issueServerCertificate(untrusted, { hosts: ['127.0.0.1'] }))
    const tls = await standaloneCapture({ authUrl: server.url, baseUrl: server.url })
    try {
      const s = await tls.capture.start({ mode: 'gateway' })
      const res = await fetch(`${s.gateway?.baseUrl}/api/v1/locations/`)
      const host = new URL(server.url).host
      expect(res.status).toBe(502)
      expect(await res.text()).toMatch(new RegExp(`the TLS connection to ${host.replace('.', '\\.')} failed: \\w+`))
      const entry = tls.layer.log.entries().at(-1)
      expect(entry?.state).toBe('failed')
      expect(entry?.error).toContain(`TLS: the TLS connection to ${host} failed`)
      expect(entry?.error).toMatch(/CA settings/)
    } finally {
      await tls.close()
      await server.close()
    }
  })

  it('closes every socket on stop: idle keep-alive, half-sent upload, response in flight, and their upstream requests', async () => {
    const own = await standaloneCapture({ authUrl: up.url, baseUrl: up.url })
    const s = await own.capture.start({ mode: 'gateway' })
    const url = s.gateway?.baseUrl as string
    const port = Number(new URL(url).port)
    const agent = new Agent({ keepAlive: true })
    try {
      const idle = await send(`${url}/ok?id=idle`, { agent })
      const idleSocket = idle.socket
      await json(idle)
      const half = connect(port, '127.0.0.1')
      await new Promise<void>(r =>
        half.write('POST /upload?id=half HTTP/1.1\r\nhost: x\r\ncontent-length: 100000\r\n\r\nfirst bytes', () => r()),
      )
      const waiting = up.hanging.length
      const inFlight = await send(`${url}/hang?id=in-flight`, {})
      await up.hangingArrived(waiting + 1)
      const upstreamSide = up.hanging.find(h => h.id === 'in-flight')
      const closed = [closedOf(idleSocket), closedOf(half), closedOf(inFlight.socket), upstreamSide?.closed]
      await own.capture.stop(s.envId)
      await Promise.all(closed)
      for (const u of [s.gateway?.authUrl, s.gateway?.baseUrl]) await listenerClosed(Number(new URL(u as string).port))
    } finally {
      agent.destroy()
      await own.close()
    }
  })
})
