/**
 * The capture's gateway (issue 20 item 8), three rows measured in one process on loopback:
 * - median added latency of the gateway vs a bare Node reverse proxy, both forwarding the same bearer GET to the
 *   same sandbox (added = through the proxy minus direct, per adjacent sample);
 * - captured exchanges per second sustained through the gateway, none lost (log entries counted), by the wall clock
 *   and per CPU-second of the process, each against the bare proxy (medians of alternating runs);
 * - memory after 100,000 exchanges vs after 10,000, at the log's default caps.
 *
 *   npx tsx bench/capture-gateway.ts
 */
import { fork } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Pool } from 'undici'
import { startSandbox } from '../src/sandbox'
import { SPEC_PATHS } from '../src/shared/spec'
import { standaloneCapture } from '../test/support/standalone-capture'
import { obtainAccessToken } from './sandbox-throughput'
import { median } from './support/alternating'
import type { BenchRow } from './support/bench-row'
import { bareReverseProxy, drive, heldMegabytes, jsonUpstream, partnerCall } from './support/capture-traffic'

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits

async function withSandbox<T>(run: (url: string, token: string) => Promise<T>): Promise<T> {
  const sandbox = await startSandbox({ quiet: true, autoConsent: 'allow', limits: { defaultPerWindow: 1_000_000_000 } })
  try {
    return await run(sandbox.url, await obtainAccessToken(sandbox.url))
  } finally {
    await sandbox.close()
  }
}

type Added = { bareAdded: number[]; gatewayAdded: number[] }

/**
 * Direct, bare proxy and gateway to one sandbox, and the added latency of each proxy per sample as `measure` takes it
 * from those three origins (direct first), turned into the latency row named by `what`. Goal ≤ 1.3×.
 */
function latencyRow(what: string, measure: (origins: string[], headers: Record<string, string>) => Promise<Added>) {
  return withSandbox(async (url, token): Promise<BenchRow> => {
    const bare = await bareReverseProxy(url)
    const c = await standaloneCapture({ authUrl: url, baseUrl: url })
    try {
      const status = await c.capture.start({ mode: 'gateway' })
      const origins = [url, bare.url, new URL(status.gateway?.baseUrl as string).origin]
      const { bareAdded, gatewayAdded } = await measure(origins, { authorization: `Bearer ${token}` })
      const logged = c.layer.log.entries().filter(e => e.source === 'captured').length
      if (logged < gatewayAdded.length) throw new Error(`only ${logged} gateway exchanges are in the log`)
      const b = median(bareAdded)
      const g = median(gatewayAdded)
      return {
        name: `capture gateway: median added latency ${what}`,
        baseline: round(b),
        subject: round(g),
        ratio: round(g / b, 2),
        goal: '≤ 1.3× the bare proxy’s added latency',
        unit: 'ms',
      }
    } finally {
      await c.close()
      await bare.close()
    }
  })
}

/** Gateway vs bare reverse proxy: median added latency of one keep-alive GET at a time, client in this process. */
export async function benchCaptureLatency(samples = 2000): Promise<BenchRow> {
  return latencyRow(`vs a bare Node reverse proxy (same sandbox GET, ${samples} samples each)`, async (origins, headers) => {
    const pools = origins.map(o => new Pool(o, { connections: 1 }))
    const once = async (k: number) => {
      const t = performance.now()
      const res = await (pools[k] as Pool).request({ path: SPEC_PATHS.locations, method: 'GET', headers })
      await res.body.text()
      if (res.statusCode !== 200) throw new Error(`${origins[k]} answered ${res.statusCode}`)
      return performance.now() - t
    }
    const added: Added = { bareAdded: [], gatewayAdded: [] }
    for (let i = 0; i < samples + 200; i++) {
      // Rotating the order so load from elsewhere hits all three alike.
      const t: number[] = []
      for (const k of [i % 3, (i + 1) % 3, (i + 2) % 3]) t[k] = await once(k)
      if (i < 200) continue
      added.bareAdded.push((t[1] as number) - (t[0] as number))
      added.gatewayAdded.push((t[2] as number) - (t[0] as number))
    }
    await Promise.all(pools.map(p => p.close()))
    return added
  })
}

/**
 * The same comparison as a partner's integration sees it: the client in a process of its own (a real integration is
 * never inside the console), one call at a time with a 2 ms pause between calls (every call pays the same pause,
 * direct, bare and gateway alike). The capture records an exchange after the client has its whole answer, so here
 * the recording is not charged to the client, as it is not in real use; the in-process row above charges it.
 */
export async function benchCaptureLatencySeparateClient(samples = 1500): Promise<BenchRow> {
  const what = `seen by a client in its own process (2 ms between calls, ${samples} samples each) vs a bare Node reverse proxy`
  return latencyRow(what, (origins, headers) => {
    const plan = { origins, path: SPEC_PATHS.locations, headers, samples, warmup: 200, pauseMs: 2 }
    const child = fork(join(import.meta.dirname, 'support', 'latency-client.ts'), [JSON.stringify(plan)], {
      execArgv: ['--import', import.meta.resolve('tsx')],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    return new Promise<Added>((resolve, reject) => {
      child.once('message', m => resolve(m as Added))
      child.once('exit', code => reject(new Error(`the latency client exited with ${code} before answering`)))
    })
  })
}

/** Gateway and bare proxy driven alternately, `rounds` times each; every gateway exchange must be in the log. */
async function alternateRuns(count: number, rounds: number) {
  return withSandbox(async (url, token) => {
    const bare = await bareReverseProxy(url)
    const c = await standaloneCapture({ authUrl: url, baseUrl: url, logCapacity: count * 2 })
    try {
      const status = await c.capture.start({ mode: 'gateway' })
      const gateway = new URL(status.gateway?.baseUrl as string).origin
      const call = () => ({ path: SPEC_PATHS.locations, headers: { authorization: `Bearer ${token}` } })
      await drive(bare.url, 500, 16, call)
      await drive(gateway, 500, 16, call)
      const runs = { bare: [] as Array<{ wallMs: number; cpuMs: number }>, gateway: [] as Array<{ wallMs: number; cpuMs: number }> }
      let lost = 0
      for (let round = 0; round < rounds; round++) {
        // Alternating which goes first, so load from elsewhere hits both alike.
        for (const which of round % 2 === 0 ? (['bare', 'gateway'] as const) : (['gateway', 'bare'] as const)) {
          if (which === 'bare') runs.bare.push(await drive(bare.url, count, 16, call))
          else {
            c.layer.log.clear()
            runs.gateway.push(await drive(gateway, count, 16, call))
            lost += count - c.layer.log.entries().filter(e => e.source === 'captured' && e.status === 200).length
          }
        }
      }
      return { runs, lost }
    } finally {
      await c.close()
      await bare.close()
    }
  })
}

const THROUGHPUT = { count: 5_000, rounds: 3 }
/** One set of alternating runs serves both throughput rows (wall clock and CPU time). */
let throughputRuns: ReturnType<typeof alternateRuns> | null = null
async function throughput() {
  throughputRuns ??= alternateRuns(THROUGHPUT.count, THROUGHPUT.rounds)
  const { runs, lost } = await throughputRuns
  const { count, rounds } = THROUGHPUT
  const rate = (r: Array<{ wallMs: number; cpuMs: number }>, ms: 'wallMs' | 'cpuMs') => median(r.map(x => count / (x[ms] / 1000)))
  return {
    wall: { bare: rate(runs.bare, 'wallMs'), gateway: rate(runs.gateway, 'wallMs') },
    cpu: { bare: rate(runs.bare, 'cpuMs'), gateway: rate(runs.gateway, 'cpuMs') },
    lost,
    logged: `${count * rounds - lost} of ${count * rounds} in the log`,
  }
}

/** Captured exchanges per second through the gateway to the sandbox, 16 in flight, vs the bare proxy's req/s (medians). */
export async function benchCaptureThroughput(): Promise<BenchRow> {
  const { wall, lost, logged } = await throughput()
  return {
    name: `capture gateway: captured exchanges/s to the sandbox, 16 in flight (${logged}) vs the bare proxy's req/s`,
    baseline: Math.round(wall.bare),
    subject: Math.round(wall.gateway),
    ratio: round(wall.gateway / wall.bare),
    goal: '≥ 1000 exchanges/s, none lost',
    unit: '/s',
    met: wall.gateway >= 1000 && lost === 0,
  }
}

/**
 * The same runs per CPU-second of this process (client, proxy and sandbox all run in it): on a loaded machine the
 * wall rate says more about the other processes than about the capture.
 */
export async function benchCaptureThroughputCpu(): Promise<BenchRow> {
  const { cpu, lost, logged } = await throughput()
  return {
    name: `capture gateway: captured exchanges per CPU-second of the whole process (client, gateway, sandbox; ${logged}) vs the bare proxy's`,
    baseline: Math.round(cpu.bare),
    subject: Math.round(cpu.gateway),
    ratio: round(cpu.gateway / cpu.bare),
    goal: '≥ 1000 exchanges per CPU-second, none lost',
    unit: '/CPU-s',
    met: cpu.gateway >= 1000 && lost === 0,
  }
}

/** Memory held after 100,000 captured exchanges vs after 10,000 (the log full at its default caps). Goal ≤ 1.25×. */
export async function benchCaptureMemory(total = 100_000): Promise<BenchRow> {
  const upstream = await jsonUpstream()
  const c = await standaloneCapture({ authUrl: upstream.url, baseUrl: upstream.url })
  try {
    const status = await c.capture.start({ mode: 'gateway' })
    const gateway = new URL(status.gateway?.baseUrl as string).origin
    const client = { clientId: c.env.clientId, clientSecret: c.env.clientSecret, token: 'bench-access-token-0123456789' }
    const call = (i: number) => partnerCall(i, client)
    await drive(gateway, 10_000, 16, call)
    const at10k = await heldMegabytes()
    await drive(gateway, total - 10_000, 16, call)
    const atTotal = await heldMegabytes()
    const exchanges = c.capture.status()[0]?.exchanges ?? 0
    return {
      name: `capture gateway: memory held after ${exchanges} exchanges vs after 10000 (log: ${c.layer.log.size} entries kept)`,
      baseline: round(at10k, 1),
      subject: round(atTotal, 1),
      ratio: round(atTotal / at10k, 2),
      goal: '≤ 1.25× (bounded by the log’s caps)',
      unit: 'MB',
      met: atTotal / at10k <= 1.25 && exchanges === total,
    }
  } finally {
    await c.close()
    await upstream.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const which = process.argv[2] ?? 'all'
  if (which === 'all' || which === 'latency') console.log(await benchCaptureLatency())
  if (which === 'all' || which === 'throughput') console.log(await benchCaptureThroughput(), await benchCaptureThroughputCpu())
  if (which === 'all' || which === 'memory') console.log(await benchCaptureMemory())
}
