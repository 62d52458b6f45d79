import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { Readable } from 'node:stream'
import { alternatingMedians, median } from './support/alternating'
import type { BenchRow } from './support/bench-row'
import { startNewmanPeer } from './support/newman-peer'

const ROOT = join(import.meta.dirname, '..')

/**
 * The floor: a bare Node process that serves JSON on loopback and makes the walkthrough's five calls to it in turn
 * (authorize with its redirect, token, locations, install, signed export), with node:http and nothing else.
 */
const FLOOR = `
const http = require('node:http'), { createHmac } = require('node:crypto')
const server = http.createServer((req, res) => {
  req.resume(); req.on('end', () => {
    if (req.url.startsWith('/authorize')) { res.writeHead(302, { location: '/callback?code=c' }); return res.end() }
    res.writeHead(200, { 'content-type': 'application/json' }); res.end(JSON.stringify({ ok: true, url: req.url }))
  })
})
server.listen(0, '127.0.0.1', async () => {
  const agent = new http.Agent({ keepAlive: true })
  const call = (method, path, body, headers = {}) => new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.address().port, method, path, agent, headers }, res => {
      let text = ''; res.setEncoding('utf8'); res.on('data', d => { text += d }); res.on('end', () => resolve({ status: res.statusCode, text }))
    })
    req.on('error', reject); req.end(body)
  })
  await call('GET', '/authorize?client_id=x&state=s')
  await call('POST', '/token', 'grant_type=authorization_code&code=c', { 'content-type': 'application/x-www-form-urlencoded' })
  JSON.parse((await call('GET', '/v1/locations')).text)
  await call('POST', '/v1/locations/1/installations', '{}', { 'content-type': 'application/json' })
  const signature = createHmac('sha256', 'secret').update('GET\\n/v1/tickets/export\\n' + Date.now()).digest('hex')
  JSON.parse((await call('GET', '/v1/tickets/export', undefined, { 'x-signature': signature })).text)
  agent.destroy(); server.close()
})
`

// Each child reports its own CPU time (user + system) when it exits, on fd 3: the same small hook in both processes.
const CPU_REPORT =
  "--import=data:text/javascript,import{writeSync}from'node:fs';process.on('exit',()=>{const u=process.cpuUsage();writeSync(3,String((u.user+u.system)/1000))})"

interface Run {
  wallMs: number
  cpuMs: number
}

/**
 * \`partner-console walkthrough --sandbox\` as a user runs it (the built CLI, its own process, its own sandbox) against
 * the floor above, alternating runs so load from elsewhere hits both alike: process start to exit, as wall time and as
 * the process's own CPU time (which load from other processes disturbs much less). Medians of 7 after a warm-up.
 */
async function measure(): Promise<{ wall: { baseline: number; subject: number }; cpu: { baseline: number; subject: number } }> {
  const floor: Run[] = []
  const walk: Run[] = []
  const wall = await alternatingMedians(
    async () => record(floor, await timed(['-e', FLOOR])),
    async () => record(walk, await timed([join(ROOT, 'bin/partner-console.mjs'), 'walkthrough', '--sandbox'])),
    { warmup: 1, samples: 7 },
  )
  // The warm-up runs are the first of each list.
  return { wall, cpu: { baseline: median(floor.slice(1).map(r => r.cpuMs)), subject: median(walk.slice(1).map(r => r.cpuMs)) } }
}

function record(into: Run[], run: Run): number {
  into.push(run)
  return run.wallMs
}

let measured: ReturnType<typeof measure> | undefined

/** The walkthrough's wall time, process start to exit, against the floor's. Goal ≤ 2.5×. */
export async function benchCliStart(): Promise<BenchRow> {
  measured ??= measure()
  const { wall } = await measured
  return row(
    'CLI start: walkthrough --sandbox, process start to exit (wall), vs a bare Node process making the same five loopback calls',
    wall,
  )
}

/** The same runs, the walkthrough's own CPU time against the floor's. */
export async function benchCliStartCpu(): Promise<BenchRow> {
  measured ??= measure()
  const { cpu } = await measured
  return row('CLI start: the same runs, CPU time of the process (user + system)', cpu)
}

/**
 * The peer row: the walkthrough against newman (Postman's CLI) running the same five loopback calls, from a collection
 * this bench writes, against the same sandbox (one in a process of its own, started once: newman starts none). Process
 * start to exit, wall time, alternating runs, medians of 7 after a warm-up. Goal ≤ 0.25× newman's time.
 */
export async function benchCliStartVsNewman(): Promise<BenchRow> {
  const peer = await startNewmanPeer(ROOT)
  try {
    const wall = await alternatingMedians(
      async () => (await timed(peer.args)).wallMs,
      async () => (await timed([join(ROOT, 'bin/partner-console.mjs'), 'walkthrough', '--sandbox'])).wallMs,
      { warmup: 1, samples: 7 },
    )
    return row('CLI start: walkthrough --sandbox (wall) vs newman run of the same five calls against the sandbox', wall, '≤ 0.25×')
  } finally {
    await peer.close()
  }
}

function row(name: string, m: { baseline: number; subject: number }, goal = '≤ 2.5×'): BenchRow {
  return {
    name,
    baseline: Math.round(m.baseline),
    subject: Math.round(m.subject),
    ratio: Math.round((m.subject / m.baseline) * 100) / 100,
    goal,
    unit: 'ms',
  }
}

/** Runs `node args` to its exit: its wall time and its own CPU time (ms); a failed run fails the bench with its output. */
function timed(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, [CPU_REPORT, ...args], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe', 'pipe'] })
    let stderr = ''
    let cpu = ''
    child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      stderr += d
    })
    ;(child.stdio[3] as Readable).setEncoding('utf8').on('data', (d: string) => {
      cpu += d
    })
    child.on('error', reject)
    child.on('close', code => {
      const wallMs = performance.now() - started
      if (code === 0) resolve({ wallMs, cpuMs: Number(cpu) })
      else reject(new Error(`node ${args[0]?.slice(0, 40)} exited with ${code}: ${stderr.slice(-500)}`))
    })
  })
}
