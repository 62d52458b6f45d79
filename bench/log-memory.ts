import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { benchEngine } from './support/bench-engine'
import type { BenchRow } from './support/bench-row'

const REQUESTS = 10_000
const BODY_BYTES = 100 * 1024
const GOAL_MB = 64

/** A full garbage collection, with or without --expose-gc. */
function collect(): void {
  let gc = (globalThis as { gc?: () => void }).gc
  if (!gc) {
    setFlagsFromString('--expose-gc')
    gc = runInNewContext('gc') as () => void
  }
  gc()
}

async function settledMemory(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    collect()
    await new Promise(r => setImmediate(r))
  }
  const m = process.memoryUsage()
  return (m.heapUsed + m.external) / 2 ** 20
}

/**
 * Main-process memory (heapUsed + external after a full GC) once the executor has logged 10,000 requests with 100 KB
 * JSON bodies each (1 GB of bodies through the network log at its default settings), against the same process idle
 * with the engine built. Goal: at most 64 MB above idle: the log is bounded by entries and by a body budget.
 */
export async function benchLogMemory(): Promise<BenchRow & { met: boolean }> {
  const body = Buffer.from(JSON.stringify({ results: [{ id: 1, blob: 'x'.repeat(BODY_BYTES - 40) }], meta: {} }).slice(0, BODY_BYTES))
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length })
    res.end(body)
  })
  await new Promise<void>(r => server.listen(0, '127.0.0.1', () => r()))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/locations`
  const engine = benchEngine({ listening: true }) // a window is listening, as in the app: log:entry summaries are sent
  try {
    await engine.executor.execute({ method: 'GET', target: 'api', path: url, auth: 'none' })
    engine.layer.log.clear()
    const idle = await settledMemory()
    for (let i = 0; i < REQUESTS; i++) {
      const r = await engine.executor.execute({ method: 'GET', target: 'api', path: url, auth: 'none' })
      if (r.outcome.bodyBytes !== body.length) throw new Error('short body')
    }
    const after = await settledMemory()
    const above = after - idle
    return {
      name: `network log: memory after ${REQUESTS} requests × 100 KB bodies (${engine.layer.log.size} entries kept)`,
      baseline: Math.round(idle * 10) / 10,
      subject: Math.round(after * 10) / 10,
      ratio: Math.round((after / idle) * 100) / 100,
      goal: `≤ ${GOAL_MB} MB above idle (${Math.round(above * 10) / 10} MB)`,
      unit: 'MB',
      met: above <= GOAL_MB,
    }
  } finally {
    await engine.layer.close()
    server.closeAllConnections()
    await new Promise<void>(r => server.close(() => r()))
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchLogMemory()
  console.log(`idle: ${r.baseline} MB  after: ${r.subject} MB  ${r.goal}: ${r.met ? 'met' : 'MISSED'}`)
}
