import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks'
import { Writable } from 'node:stream'
import { Worker } from 'node:worker_threads'
import { runWebCommand } from '../../src/main/cli/web-command'

/**
 * Names the long tasks of a HAR import in the web host: the host runs in this process (from source), a client in a
 * thread of its own uploads a HAR of N entries (argv[2], default 50000), opens it on the bridge and pings the host
 * while it imports. Prints every gap of the host's event loop over 30 ms with the garbage collections inside it, and
 * monitorEventLoopDelay's maximum. Run with `npx tsx --cpu-prof --trace-gc scripts/profile/har-stall.ts 50000` to
 * attribute the rest of each gap to functions (open the .cpuprofile in DevTools).
 */
const entries = Number(process.argv[2] ?? 50_000)
const dataDir = mkdtempSync(join(tmpdir(), 'pc-har-stall-'))
let out = ''
const stdout = new Writable({
  write(chunk, _enc, done) {
    out += String(chunk)
    done()
  },
})
let stop: () => void = () => {}
const stopped = new Promise<void>(resolve => {
  stop = resolve
})
const command = runWebCommand(['--no-open', '--no-sandbox', '--data-dir', dataDir], { stdout, stderr: process.stderr }, stopped)
while (!out.includes('Ctrl-C to stop.')) await new Promise(resolve => setTimeout(resolve, 20))
const url = /(http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(out)?.[1] as string

const gcs: Array<{ start: number; duration: number; kind: string }> = []
const kinds: Record<number, string> = { 1: 'scavenge', 4: 'mark-compact', 8: 'incremental marking', 16: 'weak callbacks' }
const observer = new PerformanceObserver(list => {
  for (const e of list.getEntries()) {
    const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0
    gcs.push({ start: e.startTime, duration: e.duration, kind: kinds[kind] ?? String(kind) })
  }
})
observer.observe({ entryTypes: ['gc'] })
const gaps: Array<{ start: number; length: number; endMicros: bigint; cpu: number }> = []
// The main thread's own CPU time in each gap: how long the task itself ran, whatever else the machine was doing.
const threadCpu = () => {
  const usage = process.threadCpuUsage()
  return (usage.user + usage.system) / 1000
}
let last = performance.now()
let lastCpu = threadCpu()
const ticker = setInterval(() => {
  const now = performance.now()
  const cpu = threadCpu()
  if (now - last > 30) gaps.push({ start: last, length: now - last, endMicros: process.hrtime.bigint() / 1000n, cpu: cpu - lastCpu })
  last = now
  lastCpu = cpu
}, 1)
const delay = monitorEventLoopDelay({ resolution: 1 })
delay.enable()

const client = new Worker(new URL('./har-stall-client.mjs', import.meta.url), { workerData: { url, entries } })
// The client says when the upload starts: gaps before it are the host's start and first calls, not the import's.
let importStart = Number.POSITIVE_INFINITY
const result = await new Promise<{ longest: number; imported: number; error?: string }>(resolve =>
  client.on('message', (m: { uploading?: true; longest: number; imported: number }) => {
    if (m.uploading) importStart = performance.now()
    else resolve(m)
  }),
)
delay.disable()
clearInterval(ticker)
observer.disconnect()
await client.terminate()
console.log(`entries ${entries}: imported ${result.imported}${result.error ? ` error ${result.error}` : ''}`)
console.log(`longest main-thread CPU in one gap: ${Math.max(0, ...gaps.filter(g => g.start > importStart).map(g => g.cpu)).toFixed(1)} ms`)
console.log(`client's longest answer ${result.longest.toFixed(1)} ms; event loop delay max ${(delay.max / 1e6).toFixed(1)} ms`)
for (const gap of gaps.filter(g => g.start > importStart)) {
  const inside = gcs.filter(g => g.start >= gap.start && g.start < gap.start + gap.length)
  const gcMs = inside.reduce((s, g) => s + g.duration, 0)
  console.log(
    `gap ${gap.length.toFixed(1)} ms (main thread CPU ${gap.cpu.toFixed(1)} ms) ending at ${gap.endMicros} µs (the CPU profile's clock): GC ${gcMs.toFixed(1)} ms (${inside.map(g => `${g.kind} ${g.duration.toFixed(1)}`).join(', ')})`,
  )
}
stop()
await command
rmSync(dataDir, { recursive: true, force: true })
