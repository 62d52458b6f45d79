/**
 * Sandbox throughput on the locations endpoint (bearer check + quota bookkeeping + JSON, limits
 * raised) against a bare node:http server answering the same JSON, measured in one process run.
 * Loopback only, bounded in request count and time. Goal: sandbox ≥ 0.6 × bare.
 *
 *   npx tsx bench/sandbox-throughput.ts
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { Pool } from 'undici'
import { startSandbox } from '../src/sandbox'
import { SPEC_PATHS } from '../src/shared/spec'

const LOCATIONS = SPEC_PATHS.locations
const REQUESTS = 3000
const CONCURRENCY = 16
const ROUNDS = 3
const TIME_BUDGET_MS = 60_000

export interface BenchResult {
  name: string
  baseline: number
  subject: number
  ratio: number
  goal: string
  unit: string
}

/** Issues `count` GETs with `concurrency` in flight over keep-alive connections; returns requests/s. */
async function measure(origin: string, headers: Record<string, string>, count: number, deadline: number): Promise<number> {
  const pool = new Pool(origin, { connections: CONCURRENCY, pipelining: 1 })
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
  await pool.close()
  if (failed > 0) throw new Error(`${failed} of ${issued} requests to ${origin} did not answer 200`)
  return issued / seconds
}

function listen(server: Server): Promise<string> {
  return new Promise(resolve => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))
  })
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

/** Runs the comparison and returns requests/s of both servers and their ratio. */
export async function benchSandboxThroughput(): Promise<BenchResult> {
  const sandbox = await startSandbox({ quiet: true, autoConsent: 'allow', limits: { defaultPerWindow: 1_000_000_000 } })
  const bare = createServer()
  try {
    const token = await obtainAccessToken(sandbox.url)
    const auth = { authorization: `Bearer ${token}` }
    const sample = await fetch(`${sandbox.url}${LOCATIONS}`, { headers: auth })
    const json = await sample.text()
    if (sample.status !== 200) throw new Error(`sandbox answered ${sample.status}: ${json}`)
    bare.on('request', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json) })
      res.end(json)
    })
    const bareUrl = await listen(bare)
    const deadline = Date.now() + TIME_BUDGET_MS
    await measure(bareUrl, auth, 500, deadline)
    await measure(sandbox.url, auth, 500, deadline)
    const baseline: number[] = []
    const subject: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      baseline.push(await measure(bareUrl, auth, REQUESTS, deadline))
      subject.push(await measure(sandbox.url, auth, REQUESTS, deadline))
    }
    const b = median(baseline)
    const s = median(subject)
    return {
      name: 'sandbox locations throughput vs bare node:http',
      baseline: Math.round(b),
      subject: Math.round(s),
      ratio: Math.round((s / b) * 1000) / 1000,
      goal: '>= 0.6',
      unit: 'req/s',
    }
  } finally {
    bare.close()
    bare.closeAllConnections()
    await sandbox.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchSandboxThroughput()
  console.log(`bare node:http : ${r.baseline} ${r.unit}`)
  console.log(`sandbox        : ${r.subject} ${r.unit}`)
  console.log(`ratio          : ${r.ratio} (goal ${r.goal}) ${r.ratio >= 0.6 ? 'OK' : 'BELOW GOAL'}`)
}
