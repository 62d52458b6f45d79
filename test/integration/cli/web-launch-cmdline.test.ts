import { type ChildProcess, spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, watch, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { WEB_SOCKET_PATH } from '../../../src/shared/contract'

// `partner-console web` opening "the browser": a stand-in opener on PATH that, like a browser started by xdg-open,
// stays alive with its command line for everyone to read in /proc. An attacker (another local user) reads the command
// lines of the web host and of that browser, and tries every string in them against the host.

const ROOT = resolve(import.meta.dirname, '../../..')
const hasProc = existsSync('/proc/self/cmdline') && existsSync(join(ROOT, 'out/node/cli.js'))

function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; cookie: string; body: string }>((res, rej) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { Host: `127.0.0.1:${port}`, ...headers } }, r => {
      let body = ''
      r.on('data', d => {
        body += String(d)
      })
      r.on('end', () => res({ status: r.statusCode ?? 0, cookie: String(r.headers['set-cookie'] ?? '').split(';')[0] ?? '', body }))
    })
    req.on('error', rej)
    req.end()
  })
}

function openSocket(port: number, cookie: string) {
  return new Promise<number>(res => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${WEB_SOCKET_PATH}`, {
      headers: { Origin: `http://127.0.0.1:${port}`, Cookie: cookie },
    })
    ws.on('open', () => {
      ws.close()
      res(101)
    })
    ws.on('unexpected-response', (_req, r) => {
      res(r.statusCode ?? 0)
      r.resume()
    })
    ws.on('error', () => res(0))
  })
}

/** Resolves with the file's text once it exists (the directory's watcher says when). */
function untilFile(path: string): Promise<string> {
  return new Promise(res => {
    const watcher = watch(dirname(path), () => check())
    const check = () => {
      if (!existsSync(path)) return
      watcher.close()
      res(readFileSync(path, 'utf8'))
    }
    check()
  })
}

const cmdline = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)

describe.skipIf(!hasProc)('another local user reading /proc/*/cmdline cannot open the web host', () => {
  let dir: string
  let web: ChildProcess
  let browserPid = 0
  let out = ''

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pc-web-launch-'))
    const bin = join(dir, 'bin')
    const opener = join(bin, 'xdg-open')
    mkdirSync(bin)
    writeFileSync(
      opener,
      `#!/bin/sh\nexec "${process.execPath}" -e "require('fs').writeFileSync(process.argv[1] + '.tmp', String(process.pid)); require('fs').renameSync(process.argv[1] + '.tmp', process.argv[1] + '.pid'); setInterval(() => {}, 1000)" "$0" "$@"\n`,
    )
    chmodSync(opener, 0o755)
    web = spawn(process.execPath, [join(ROOT, 'bin/partner-console.mjs'), 'web', '--no-sandbox', '--data-dir', join(dir, 'data')], {
      cwd: ROOT,
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    web.stdout?.on('data', d => {
      out += String(d)
    })
    web.stderr?.on('data', d => {
      out += String(d)
    })
    browserPid = Number(await untilFile(`${opener}.pid`))
  })

  afterAll(async () => {
    if (browserPid) process.kill(browserPid)
    if (web.exitCode === null) {
      const exited = new Promise(r => web.once('exit', r))
      web.stdin?.end()
      web.kill('SIGINT')
      await exited
    }
    rmSync(dir, { recursive: true, force: true })
  })

  it('the command lines hold no token that opens a session or the bridge; the launch file only the user can read does', async () => {
    const port = Number(/127\.0\.0\.1:(\d+)\//.exec(out)?.[1])
    expect(port).toBeGreaterThan(0)
    const lines = [...cmdline(web.pid as number), ...cmdline(browserPid)]
    const launchFile = lines.find(arg => arg.endsWith('.html')) as string
    expect(launchFile).toBeDefined()
    // The attacker goes first: every run of URL-safe characters in those command lines, as a launch token and as a cookie.
    const candidates = new Set(lines.flatMap(arg => arg.match(/[\w-]{8,}/g) ?? []))
    expect(candidates.size).toBeGreaterThan(3)
    for (const candidate of candidates) {
      const answer = await get(port, `/?token=${encodeURIComponent(candidate)}`)
      expect(answer.status).toBe(401)
      expect(answer.cookie).toBe('')
    }
    // The file and its folder: only this user.
    expect(statSync(launchFile).mode & 0o777).toBe(0o600)
    expect(statSync(dirname(launchFile)).mode & 0o777).toBe(0o700)
    // The user's browser, after the attacker: the file's URL still works, once.
    const url = /url=([^"]+)"/.exec(readFileSync(launchFile, 'utf8'))?.[1] as string
    const traded = await get(port, new URL(url).pathname + new URL(url).search)
    expect(traded.status).toBe(200)
    expect(await openSocket(port, traded.cookie)).toBe(101)
    const secret = traded.cookie.slice(traded.cookie.indexOf('=') + 1)
    for (const arg of lines) expect(arg).not.toContain(secret)
    for (const arg of lines) expect(arg).not.toContain(new URL(url).searchParams.get('token'))
    const again = await get(port, new URL(url).pathname + new URL(url).search)
    expect(again.status).toBe(401)
    expect(again.body).toContain('press Enter in the terminal')
    for (const candidate of candidates) expect(await openSocket(port, `${traded.cookie.split('=')[0]}=${candidate}`)).toBe(401)
    // Enter in the terminal prints a fresh URL that works.
    web.stdin?.write('\n')
    const fresh = await new Promise<string>(res => {
      const check = () => {
        const m = /A fresh one-time URL[^\n]*\n\n {2}(\S+)\n/.exec(out)
        if (m?.[1]) {
          web.stdout?.off('data', check)
          res(m[1])
        }
      }
      web.stdout?.on('data', check)
      check()
    })
    const second = await get(port, new URL(fresh).pathname + new URL(fresh).search)
    expect(second.status).toBe(200)
    expect(second.cookie.split('=')[1]).toBe(secret)
  })

  it('Ctrl-C removes the launch file', async () => {
    const exited = new Promise(r => web.once('exit', r))
    web.kill('SIGINT')
    await exited
    expect(web.exitCode).toBe(0)
    expect(readdirSync(join(dir, 'data'))).not.toContain('web-launch')
  })
})
