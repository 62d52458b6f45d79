/**
 * A partner's client in a process of its own (forked by bench/capture-gateway.ts): one keep-alive GET at a time to
 * each origin in turn (direct, bare proxy, gateway; the order rotates), with a short pause between rounds as a real
 * integration has between calls. Sends back the added latency of each proxy per round (through it minus direct).
 *
 *   args: JSON { origins: [direct, bare, gateway], path, headers, samples, warmup, pauseMs }
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { Pool } from 'undici'

interface Plan {
  origins: [string, string, string]
  path: string
  headers: Record<string, string>
  samples: number
  warmup: number
  pauseMs: number
}

const plan = JSON.parse(process.argv[2] as string) as Plan
const pools = plan.origins.map(o => new Pool(o, { connections: 1 }))
const once = async (k: number) => {
  const t = performance.now()
  const res = await (pools[k] as Pool).request({ path: plan.path, method: 'GET', headers: plan.headers })
  await res.body.text()
  if (res.statusCode !== 200) throw new Error(`${plan.origins[k]} answered ${res.statusCode}`)
  return performance.now() - t
}
const bareAdded: number[] = []
const gatewayAdded: number[] = []
for (let i = 0; i < plan.samples + plan.warmup; i++) {
  const t: number[] = []
  for (const k of [i % 3, (i + 1) % 3, (i + 2) % 3]) {
    await sleep(plan.pauseMs)
    t[k] = await once(k)
  }
  if (i < plan.warmup) continue
  bareAdded.push((t[1] as number) - (t[0] as number))
  gatewayAdded.push((t[2] as number) - (t[0] as number))
}
await Promise.all(pools.map(p => p.close()))
process.send?.({ bareAdded, gatewayAdded }, () => process.exit(0))
