import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { alternatingMedians } from './support/alternating'

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

/**
 * \`partner-console walkthrough --sandbox\` as a user runs it (the built CLI, its own process, its own sandbox) against
 * the floor above, alternating runs so load from elsewhere hits both alike: process start to exit. Goal ≤ 2.5×.
 * newman's peer row (≤ 0.25× of its time) is not here: newman is not installed on this machine.
 */
export async function benchCliStart(): Promise<{
  name: string
  baseline: number
  subject: number
  ratio: number
  goal: string
  unit: string
}> {
  const { baseline, subject } = await alternatingMedians(
    () => timed(['-e', FLOOR]),
    () => timed([join(ROOT, 'bin/partner-console.mjs'), 'walkthrough', '--sandbox']),
    { warmup: 1, samples: 7 },
  )
  return {
    name: 'CLI start: walkthrough --sandbox, process start to exit, vs a bare Node process making the same five loopback calls',
    baseline: Math.round(baseline),
    subject: Math.round(subject),
    ratio: Math.round((subject / baseline) * 100) / 100,
    goal: '≤ 2.5×',
    unit: 'ms',
  }
}

/** Runs `node args` to its exit and returns the wall time in ms; a failed run fails the bench with its output. */
function timed(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d
    })
    child.on('error', reject)
    child.on('exit', code => {
      if (code === 0) resolve(performance.now() - started)
      else reject(new Error(`node ${args[0]?.slice(0, 40)} exited with ${code}: ${stderr.slice(-500)}`))
    })
  })
}
