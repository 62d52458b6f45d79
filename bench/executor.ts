import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Agent, request } from 'undici'
import { alternatingMedians } from './support/alternating'
import { benchEngine } from './support/bench-engine'
import type { BenchRow } from './support/bench-row'

const WARMUP = 500
const SAMPLES = 4000
/** What the executor puts on the wire for this GET (request-headers.ts adds both): the baseline sends the same. */
const SAME_HEADERS = { 'user-agent': 'partner-api-console', accept: '*/*' }

/**
 * The executor's overhead per request: median latency of a GET through the executor (network log, redaction, quota
 * ledger and header parsing, phase timings all on; auth none) against plain undici `request()` on its own keep-alive
 * agent, to the same loopback endpoint (a tiny node:http server answering small JSON with quota headers), with the
 * same request headers and the whole body read as text by both, alternating request by request so drift hits both alike. Goal: ≤ 1.25× the baseline median (issue 23, item 4).
 */
export async function benchExecutor(): Promise<BenchRow> {
  let remaining = 1_000_000
  const server = createServer((_req, res) => {
    remaining = remaining > 0 ? remaining - 1 : 1_000_000
    const body = '{"results":[{"id":1,"name":"Bench"}],"meta":{}}'
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'x-ratelimit-limit': '1000000',
      'x-ratelimit-remaining': String(remaining),
    })
    res.end(body)
  })
  await new Promise<void>(r => server.listen(0, '127.0.0.1', () => r()))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/marketplace/v2/platform-token/locations`
  const plainAgent = new Agent({ keepAliveTimeout: 4000 })
  const engine = benchEngine()
  const plain = async () => {
    const t = performance.now()
    const r = await request(url, { dispatcher: plainAgent, headers: SAME_HEADERS })
    await r.body.text()
    return performance.now() - t
  }
  const executor = async () => {
    const t = performance.now()
    const r = await engine.executor.execute({ method: 'GET', target: 'api', path: url, auth: 'none' })
    if (r.outcome.status !== 200) throw new Error(`unexpected ${r.outcome.status}`)
    return performance.now() - t
  }
  try {
    const { baseline, subject: measured } = await alternatingMedians(plain, executor, { warmup: WARMUP, samples: SAMPLES })
    return {
      name: 'executor: median GET latency vs plain undici request()',
      baseline: Math.round(baseline * 1000) / 1000,
      subject: Math.round(measured * 1000) / 1000,
      ratio: Math.round((measured / baseline) * 1000) / 1000,
      goal: '≤ 1.25× the median',
      unit: 'ms',
    }
  } finally {
    await engine.layer.close()
    await plainAgent.close()
    server.closeAllConnections()
    await new Promise<void>(r => server.close(() => r()))
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchExecutor()
  console.log(`plain undici: ${r.baseline} ms  executor: ${r.subject} ms  ratio: ${r.ratio}× (goal ${r.goal})`)
}
