import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { acquireDataFolderLock, LOCK_FILE } from '../../../src/main/runtime/data-folder-lock'
import { listenerClosed } from '../../support/ports'

// `partner-console web` and `sandbox` whose output goes to a real pipe, read by `head -n 1`, which exits after one
// line: the next write meets EPIPE. The command must stop writing there, shut down (port closed, console.lock
// released) and exit, not spin; SIGTERM must still stop it.

const ROOT = resolve(import.meta.dirname, '../../..')
const BIN = join(ROOT, 'bin/partner-console.mjs')
const built = existsSync(join(ROOT, 'out/node/cli.js'))
const started: ChildProcess[] = []
const dirs: string[] = []

afterEach(async () => {
  for (const child of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise(r => child.once('exit', r))
      child.kill('SIGKILL')
      await exited
    }
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function freePort(): Promise<number> {
  return new Promise(res => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => res(port))
    })
  })
}

/** `head -n 1` reading a pipe; the returned stream is the pipe's write end, for the command under test. */
function headReader() {
  const head = spawn('head', ['-n', '1'], { stdio: ['pipe', 'ignore', 'ignore'] })
  started.push(head)
  const exited = new Promise<void>(r => head.once('exit', () => r()))
  return { pipe: head.stdin as NonNullable<typeof head.stdin>, exited }
}

function run(args: string[], stdio: Parameters<typeof spawn>[2]['stdio']) {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio })
  started.push(child)
  let err = ''
  child.stderr?.on('data', d => {
    err += String(d)
  })
  const exited = new Promise<number | null>(r => child.once('exit', code => r(code)))
  return { child, exited, stderr: () => err }
}

function httpGet(port: number, path: string) {
  return new Promise<number>((res, rej) => {
    request({ host: '127.0.0.1', port, path }, r => {
      r.resume()
      r.on('end', () => res(r.statusCode ?? 0))
    })
      .on('error', rej)
      .end()
  })
}

describe.skipIf(!built)('a console whose reader is gone exits', () => {
  it('web: stdout to `head -n 1`; the next write (a fresh URL) stops it, frees its port and releases console.lock', async () => {
    const data = mkdtempSync(join(tmpdir(), 'pc-reader-gone-'))
    dirs.push(data)
    const port = await freePort()
    const head = headReader()
    const web = run(['web', '--no-open', '--no-sandbox', '--port', String(port), '--data-dir', data], ['pipe', head.pipe, 'pipe'])
    head.pipe.destroy()
    await head.exited
    expect(existsSync(join(data, LOCK_FILE))).toBe(true)
    web.child.stdin?.write('\n')
    expect(await web.exited).toBe(1)
    expect(web.stderr()).toContain('stopped because stdout is closed (EPIPE)')
    await listenerClosed(port)
    acquireDataFolderLock(data, 'web host').release()
  })

  it('sandbox: stderr (its access log) to `head -n 1`; the second logged request stops it', async () => {
    const port = await freePort()
    const head = headReader()
    const sandbox = run(['sandbox', '--port', String(port)], ['ignore', 'pipe', head.pipe])
    head.pipe.destroy()
    let out = ''
    await new Promise<void>(r => {
      sandbox.child.stdout?.on('data', d => {
        out += String(d)
        if (out.includes('Press Ctrl-C to stop.')) r()
      })
    })
    await httpGet(port, '/first')
    await head.exited
    await httpGet(port, '/second')
    expect(await sandbox.exited).toBe(1)
    expect(out).toContain('stopped because stderr is closed (EPIPE)')
    await listenerClosed(port)
  })

  it('sandbox: with its stdout reader gone and nothing more to log, SIGTERM stops it cleanly', async () => {
    const head = headReader()
    // A free port of its own choosing: nothing here can race another test for one.
    const sandbox = run(['sandbox', '--quiet'], ['ignore', head.pipe, 'pipe'])
    head.pipe.destroy()
    await head.exited
    expect(sandbox.child.exitCode).toBeNull()
    sandbox.child.kill('SIGTERM')
    expect(await sandbox.exited).toBe(0)
    expect(sandbox.stderr()).toBe('')
  })
})
