import { type ChildProcess, spawn } from 'node:child_process'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../../..')
let child: ChildProcess | undefined

afterEach(async () => {
  const running = child
  child = undefined
  if (!running || running.exitCode !== null || running.signalCode !== null) return
  const exited = new Promise(resolve => running.once('close', resolve))
  running.kill('SIGTERM')
  await exited
})

describe('process guard of the long-running commands', () => {
  it('logs an unexpected rejection and exception (redacted) and keeps serving', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test/integration/security/fixtures/guarded-server.ts')], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr?.on('data', d => {
      stderr += String(d)
    })
    const port = await new Promise<number>((res, rej) => {
      child?.stdout?.on('data', d => {
        const m = /port (\d+)/.exec(String(d))
        if (m) res(Number(m[1]))
      })
      child?.once('exit', code => rej(new Error(`exited with ${code}: ${stderr}`)))
    })
    const waitFor = (text: string) =>
      new Promise<void>(res => {
        const check = () => {
          if (stderr.includes(text)) {
            child?.stderr?.off('data', check)
            res()
          }
        }
        child?.stderr?.on('data', check)
        check()
      })
    expect(await (await fetch(`http://127.0.0.1:${port}/reject`)).text()).toBe('alive')
    await waitFor('unexpected rejection')
    expect(await (await fetch(`http://127.0.0.1:${port}/throw`)).text()).toBe('alive')
    await waitFor('unexpected error')
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('alive')
    expect(child.exitCode).toBeNull()
    expect(stderr).toContain('rejected with [redacted]')
    expect(stderr).toContain('thrown with [redacted]')
    expect(stderr).not.toContain('s3cret-value')
  })
})
