/**
 * The sandbox under load: the server's own CPU per request at 64 requests in flight on the locations endpoint (bearer
 * check + quota bookkeeping + JSON, limits raised), against a bare node:http server answering the same JSON. Each
 * server runs in a child process of its own (bench/support/cpu-server.ts), so the load generator's CPU (this
 * process) is not counted; rounds alternate between the two, and the ratio is the median of adjacent rounds' ratios.
 * checkFair makes sure both answer the same body bytes and the same headers (the bare server sends the sandbox's
 * X-RateLimit-* too: two header lines more cost a bare server about 15 % more CPU, which is the answer's size, not
 * the sandbox's work). Throughput is reported beside it. Goal: ≤ 1.15× the bare server's CPU per request (issue 23,
 * item 5).
 *
 *   npx tsx bench/sandbox-throughput.ts
 */
import { type ChildProcess, fork } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Pool } from 'undici'
import { SPEC_PATHS } from '../src/shared/spec'
import type { BenchRow } from './support/bench-row'

const LOCATIONS = SPEC_PATHS.locations
/** Shorter rounds, more of them: a pair of rounds sees more alike load from elsewhere, and a median of 15 pairs moves less. */
const REQUESTS = 2000
const ROUNDS = 15
/** Enough for every function of both answer paths to be optimised before the first measured round. */
const WARMUP = 3000
const CONCURRENCY = 64
const TIME_BUDGET_MS = 180_000

interface CpuServer {
  url: string
  /**
   * The load generator's connections to it, opened by the warm-up and kept for every round: a round measures answers
   * on open keep-alive connections, not 64 connections opened and closed (whose cost, counted in each round, pulled
   * the ratio towards 1 and its closing spilled into the next round).
   */
  pool?: Pool
  /** The child's process.cpuUsage() total, µs. */
  cpu(): Promise<number>
  close(): Promise<void>
}

/** Starts bench/support/cpu-server.ts in a child process and waits for it to listen. */
function startCpuServer(kind: 'bare' | 'sandbox', json = '', limit = ''): Promise<CpuServer> {
  const child: ChildProcess = fork(join(import.meta.dirname, 'support', 'cpu-server.ts'), [kind, json, limit], {
    execArgv: ['--import', import.meta.resolve('tsx')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const next = (kind: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const onMessage = (m: Record<string, unknown>) => {
        if (m.kind !== kind) return
        child.off('message', onMessage)
        child.off('exit', onExit)
        resolve(m)
      }
      const onExit = (code: number | null) =>
        reject(new Error(`the ${kind === 'ready' ? '' : 'running '}cpu-server (${kind}) exited with ${code}`))
      child.on('message', onMessage)
      child.once('exit', onExit)
    })
  return next('ready').then(ready => {
    const server: CpuServer = {
      url: ready.url as string,
      cpu: async () => {
        const answer = next('cpu')
        child.send({ kind: 'cpu' })
        return (await answer).us as number
      },
      close: async () => {
        await server.pool?.close()
        await new Promise<void>(resolve => {
          if (child.exitCode !== null) return resolve()
          child.once('exit', () => resolve())
          child.send({ kind: 'close' })
        })
      },
    }
    return server
  })
}

/** Issues `count` GETs with CONCURRENCY in flight over the server's keep-alive connections; returns requests/s. */
async function load(server: CpuServer, headers: Record<string, string>, count: number, deadline: number): Promise<number> {
  server.pool ??= new Pool(server.url, { connections: CONCURRENCY, pipelining: 1 })
  const pool = server.pool
  const origin = server.url
  let issued = 0
  let failed = 0
  const started = performance.now()
  const worker = async () => {
    while (issued < count && Date.now() < deadline) {
      issued++
      const res = await pool.request({ path: LOCATIONS, method: 'GET', headers })
      await res.body.text()
      if (res.statusCode !== 200) failed++
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  const seconds = (performance.now() - started) / 1000
  if (failed > 0) throw new Error(`${failed} of ${issued} requests to ${origin} did not answer 200`)
  if (issued < count) throw new Error(`the time budget ran out after ${issued} of ${count} requests to ${origin}`)
  return issued / seconds
}

/** One measured round: the server's CPU per request (µs) and the requests/s the client saw. */
async function round(server: CpuServer, headers: Record<string, string>, deadline: number): Promise<{ cpu: number; rate: number }> {
  const before = await server.cpu()
  const rate = await load(server, headers, REQUESTS, deadline)
  const after = await server.cpu()
  return { cpu: (after - before) / REQUESTS, rate }
}

/** A bearer token of the sandbox's demo client, through its auto-consent authorize and the code grant. */
export async function obtainAccessToken(url: string): Promise<string> {
  const redirectUri = 'http://127.0.0.1:8765/callback'
  const auth = await fetch(
    `${url}${SPEC_PATHS.authorize}?client_id=sandbox-demo-client&redirect_uri=${encodeURIComponent(redirectUri)}&response_type=code`,
    { redirect: 'manual' },
  )
  const code = new URL(auth.headers.get('location') ?? '').searchParams.get('code')
  if (!code) throw new Error('no authorization code from the sandbox')
  const res = await fetch(`${url}${SPEC_PATHS.token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: 'sandbox-demo-client',
      client_secret: 'sandbox-demo-secret',
    }),
  })
  return ((await res.json()) as { access_token: string }).access_token
}

/** Header values that differ between two answers by nature: the clock's second and the quota left. */
const VARYING = new Set(['date', 'x-ratelimit-remaining'])

/** The headers of an answer, by lower-case name, with the varying ones' values replaced by their shape. */
function headerShape(r: Response): string {
  return [...r.headers]
    .map(([name, value]) => `${name}: ${VARYING.has(name) ? value.replace(/\d/g, '9') : value}`)
    .sort()
    .join('\n')
}

/**
 * The comparison is fair only if both servers answer the same status, the same body bytes and the same header lines
 * (names and values; Date and X-RateLimit-Remaining by their form only): a bare server sending fewer or shorter lines
 * would be measured doing less.
 */
async function checkFair(bareUrl: string, sandboxUrl: string, headers: Record<string, string>): Promise<void> {
  const [b, s] = await Promise.all([fetch(`${bareUrl}${LOCATIONS}`, { headers }), fetch(`${sandboxUrl}${LOCATIONS}`, { headers })])
  const [bBody, sBody] = await Promise.all([b.arrayBuffer(), s.arrayBuffer()])
  if (b.status !== s.status) throw new Error(`the bare server answered ${b.status}, the sandbox ${s.status}`)
  if (!Buffer.from(bBody).equals(Buffer.from(sBody))) throw new Error('the bare server and the sandbox answered different bodies')
  const [bShape, sShape] = [headerShape(b), headerShape(s)]
  if (bShape !== sShape) {
    throw new Error(`the bare server and the sandbox answered different headers:\nbare:\n${bShape}\nsandbox:\n${sShape}`)
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

/** Runs the comparison: the median CPU per request of both servers and their ratio. */
export async function benchSandboxThroughput(): Promise<BenchRow> {
  const sandbox = await startCpuServer('sandbox')
  let bare: CpuServer | null = null
  try {
    const token = await obtainAccessToken(sandbox.url)
    const auth = { authorization: `Bearer ${token}` }
    const sample = await fetch(`${sandbox.url}${LOCATIONS}`, { headers: auth })
    const json = await sample.text()
    if (sample.status !== 200) throw new Error(`sandbox answered ${sample.status}: ${json}`)
    bare = await startCpuServer('bare', json, sample.headers.get('x-ratelimit-limit') ?? '')
    await checkFair(bare.url, sandbox.url, auth)
    const deadline = Date.now() + TIME_BUDGET_MS
    await load(bare, auth, WARMUP, deadline)
    await load(sandbox, auth, WARMUP, deadline)
    const baseline: Array<{ cpu: number; rate: number }> = []
    const subject: Array<{ cpu: number; rate: number }> = []
    for (let i = 0; i < ROUNDS; i++) {
      // Alternate which goes first, so load from elsewhere hits both alike.
      if (i % 2 === 0) {
        baseline.push(await round(bare, auth, deadline))
        subject.push(await round(sandbox, auth, deadline))
      } else {
        subject.push(await round(sandbox, auth, deadline))
        baseline.push(await round(bare, auth, deadline))
      }
    }
    const b = median(baseline.map(r => r.cpu))
    const s = median(subject.map(r => r.cpu))
    // The ratio pairs each subject round with the baseline round beside it (same load from elsewhere), then takes the
    // median: on a busy machine the CPU per request of whole rounds swings by 2× or more, a pair's ratio far less.
    const ratio = median(subject.map((r, i) => r.cpu / (baseline[i] as { cpu: number }).cpu))
    const bRate = Math.round(median(baseline.map(r => r.rate)))
    const sRate = Math.round(median(subject.map(r => r.rate)))
    return {
      name: `sandbox under load: server CPU per request at concurrency ${CONCURRENCY} vs bare node:http, same JSON, ratio the median of paired rounds (throughput ${sRate} vs ${bRate} req/s)`,
      baseline: Math.round(b * 10) / 10,
      subject: Math.round(s * 10) / 10,
      ratio: Math.round(ratio * 1000) / 1000,
      goal: '≤ 1.15× the bare server’s CPU per request',
      unit: 'µs CPU',
    }
  } finally {
    await bare?.close()
    await sandbox.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchSandboxThroughput()
  console.log(`bare node:http : ${r.baseline} ${r.unit}/request`)
  console.log(`sandbox        : ${r.subject} ${r.unit}/request`)
  console.log(`ratio          : ${r.ratio} (goal ${r.goal}) ${r.ratio <= 1.15 ? 'OK' : 'ABOVE GOAL'}`)
  console.log(r.name)
}
