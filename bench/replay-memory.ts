import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BenchRow } from './support/bench-row'

const ROOT = join(import.meta.dirname, '..')
const SMALL = 100
const LARGE = 10_000
/** Prints the child's peak resident memory as it exits (KiB, from getrusage). */
const PEAK_PROBE = `data:text/javascript,process.on('exit',()=>process.stderr.write('maxrss='+process.resourceUsage().maxRSS+'\\n'))`

/**
 * `partner-console replay FILE --sandbox --json` as a user runs it (the built CLI, its own process), on a bundle of
 * 10,000 entries against the same command on a bundle of 100: the peak resident memory of each run. Every entry must
 * be replayed and compared with its original (none failed): the replay streams the entries and never depends on the
 * bounded network log still holding an original. Goal: peak at 10,000 ≤ 1.3× peak at 100. The peak is the process's
 * own maximum resident set (getrusage), the built-in sandbox included (it runs in the CLI's process); both sizes run
 * with the same command and flags, after one unmeasured run that fills Node's compile cache, so neither pays for it.
 */
export async function benchReplayMemory(): Promise<BenchRow> {
  const dir = await mkdtemp(join(tmpdir(), 'pc-bench-replay-'))
  try {
    await replayPeak(dir, SMALL)
    const small = await replayPeak(dir, SMALL)
    const large = await replayPeak(dir, LARGE)
    return {
      name: `replay: peak resident memory of a ${LARGE}-entry bundle vs a ${SMALL}-entry one (whole CLI process, sandbox included, ${large.seconds.toFixed(0)} s, every entry compared)`,
      baseline: round(small.peakMb),
      subject: round(large.peakMb),
      ratio: round(large.peakMb / small.peakMb),
      goal: '≤ 1.3×',
      unit: 'MB',
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

async function replayPeak(dir: string, entries: number): Promise<{ peakMb: number; seconds: number }> {
  const file = join(dir, `bundle-${entries}.json`)
  await writeFile(file, makeBundle(entries))
  const started = performance.now()
  const child = spawn(
    process.execPath,
    ['--import', PEAK_PROBE, join(ROOT, 'bin/partner-console.mjs'), 'replay', file, '--sandbox', '--json'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let out = ''
  let err = ''
  child.stdout.setEncoding('utf8').on('data', (c: string) => {
    out += c
  })
  child.stderr.setEncoding('utf8').on('data', (c: string) => {
    err += c
  })
  const code = await new Promise<number | null>(resolve => child.on('close', resolve))
  const seconds = (performance.now() - started) / 1000
  const peak = /maxrss=(\d+)/.exec(err)
  if (!peak) throw new Error(`replay of ${entries} entries exited ${code} without a peak: ${err.slice(-500)}`)
  const report = JSON.parse(out) as { summary: Record<string, number> }
  const compared = (report.summary.same ?? 0) + (report.summary.differentBody ?? 0) + (report.summary.differentStatus ?? 0)
  if (compared !== entries || report.summary.failed !== 0) {
    throw new Error(`replay of ${entries} entries compared ${compared}: ${JSON.stringify(report.summary)}`)
  }
  return { peakMb: Number(peak[1]) / 1024, seconds }
}

/** A bundle of GETs of the locations list, each on its own path (so the sandbox's per-path quota never refuses one). */
export function makeBundle(n: number): string {
  const entries = Array.from({ length: n }, (_, i) => ({
    startedDateTime: new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString(),
    time: 3,
    request: {
      method: 'GET',
      url: `http://127.0.0.1:1/api/v1/locations/loc-${i}?page=${i}`,
      httpVersion: 'HTTP/1.1',
      headers: [
        { name: 'Authorization', value: 'Bearer [redacted:access_token:00000000]' },
        { name: 'Accept', value: 'application/json' },
      ],
    },
    response: {
      status: 404,
      statusText: 'Not Found',
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      content: { size: 120, mimeType: 'application/json', text: JSON.stringify({ error: 'not_found', id: `loc-${i}` }) },
      redirectURL: '',
    },
    timings: { send: 1, wait: 1, receive: 1 },
    _purpose: 'api',
    _auth: 'bearer',
  }))
  return JSON.stringify({
    format: 'partner-console-repro-bundle',
    version: 1,
    createdAt: new Date().toISOString(),
    consoleVersion: '0.1.0',
    note: `bench ${n}`,
    environment: null,
    clockSkew: null,
    quotas: [],
    tokens: { access: null, refresh: null },
    lifecycle: [],
    har: { log: { version: '1.2', creator: { name: 'bench', version: '1' }, entries } },
  })
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000
}
