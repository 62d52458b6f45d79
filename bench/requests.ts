import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { compareBodyTexts } from '../src/main/engine/requests/compare-exchanges'
import { alternatingMedians, median } from './support/alternating'
import { benchEngine } from './support/bench-engine'

/**
 * The composer's cost over the executor's own send: median latency of a request sent through the requests service
 * (composer tables → path params filled, query rows encoded, header rows joined → executor) against the same request
 * given to the executor directly, alternating request by request. Goal: ≤ 1.1× the executor's median.
 */
export async function benchComposerSend() {
  const server = createServer((_req, res) => {
    const body = '{"results":[{"id":1,"name":"Bench"}],"meta":{}}'
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'x-ratelimit-limit': '1000000',
      'x-ratelimit-remaining': '999999',
    })
    res.end(body)
  })
  await new Promise<void>(r => server.listen(0, '127.0.0.1', () => r()))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const engine = benchEngine()
  const composed = {
    method: 'GET',
    target: 'api' as const,
    path: `${origin}/pos/v2/{locationId}/checks/{checkId}`,
    params: { locationId: '101001', checkId: 'chk-1' },
    query: [{ name: 'filter[open]', value: 'true', enabled: true }],
    headers: [{ name: 'X-Trace', value: 'bench', enabled: true }],
    auth: 'none' as const,
  }
  const direct = {
    method: 'GET',
    target: 'api' as const,
    path: `${origin}/pos/v2/101001/checks/chk-1?filter[open]=true`,
    headers: { 'x-trace': 'bench' },
    auth: 'none' as const,
  }
  const time = async (send: () => Promise<{ outcome: { status: number } }>) => {
    const t = performance.now()
    const r = await send()
    if (r.outcome.status !== 200) throw new Error(`unexpected ${r.outcome.status}`)
    return performance.now() - t
  }
  const viaExecutor = () => time(() => engine.executor.execute(direct))
  const viaComposer = () => time(() => engine.service.send(composed))
  try {
    const { baseline, subject: measured } = await alternatingMedians(viaExecutor, viaComposer, { warmup: 500, samples: 4000 })
    return {
      name: 'composer send: median latency vs the executor’s own send',
      baseline: Math.round(baseline * 1000) / 1000,
      subject: Math.round(measured * 1000) / 1000,
      ratio: Math.round((measured / baseline) * 1000) / 1000,
      goal: '≤ 1.1× the executor’s median',
      unit: 'ms',
    }
  } finally {
    await engine.layer.close()
    server.closeAllConnections()
    await new Promise<void>(r => server.close(() => r()))
  }
}

/** A JSON body of about `bytes`: an order export with nested objects and arrays (what partners diff). */
function bigBody(bytes: number, variant: boolean): string {
  const results: unknown[] = []
  let size = 0
  for (let i = 0; size < bytes; i++) {
    const ticket = {
      id: `T-${i}`,
      locationId: 101001,
      openedAt: `2026-01-01T10:${String(i % 60).padStart(2, '0')}:00Z`,
      total: { amount: 1000 + i, currency: 'EUR' },
      items: [
        { sku: `SKU-${i % 97}`, qty: 1 + (i % 3), price: 450 },
        { sku: `SKU-${(i + 7) % 97}`, qty: 1, price: variant && i % 1000 === 0 ? 999 : 550 },
      ],
      status: 'CLOSED',
    }
    // The second body lists every object's members in another order: only the changed prices may count.
    const entry = variant ? Object.fromEntries(Object.entries(ticket).reverse()) : ticket
    results.push(entry)
    size += 190
  }
  return JSON.stringify({ results, meta: { count: results.length } })
}

/**
 * Comparing two 5 MB JSON bodies (members in another order, a few values changed) against rendering one of them the
 * way the response view does (parse, pretty-print). The comparison parses both, walks both, and prints both with
 * sorted keys for the side-by-side view. Goal: ≤ 5× rendering one body (two bodies' worth of parsing, the walk, and
 * the capped sorted print of both sides), which keeps it well under a second here (about 300 ms for 5.6 MB).
 */
export async function benchCompareBodies() {
  const a = bigBody(5 * 1024 * 1024, false)
  const b = bigBody(5 * 1024 * 1024, true)
  const render = () => {
    const t = performance.now()
    const text = JSON.stringify(JSON.parse(a), null, 2)
    if (text.length < a.length) throw new Error('render lost text')
    return performance.now() - t
  }
  let total = 0
  const compare = () => {
    const t = performance.now()
    const diff = compareBodyTexts(a, b)
    total = diff.total
    return performance.now() - t
  }
  render()
  compare()
  const base: number[] = []
  const subject: number[] = []
  for (let i = 0; i < 7; i++) {
    base.push(render())
    subject.push(compare())
  }
  if (total === 0) throw new Error('the bodies should differ')
  const baseline = median(base)
  const measured = median(subject)
  return {
    name: `compare two ${(a.length / 2 ** 20).toFixed(1)} MB JSON bodies (${total} differences) vs rendering one`,
    baseline: Math.round(baseline),
    subject: Math.round(measured),
    ratio: Math.round((measured / baseline) * 100) / 100,
    goal: '≤ 5× rendering one body',
    unit: 'ms',
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchCompareBodies())
  console.log(await benchComposerSend())
}
