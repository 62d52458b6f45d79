import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConsoleError } from '../../../src/main/engine/core/console-error'
import { createKeyFileCipher } from '../../../src/main/engine/vault/keyfile-cipher'
import { createRuntime } from '../../../src/main/runtime/create-runtime'
import { acquireDataFolderLock, LOCK_FILE } from '../../../src/main/runtime/data-folder-lock'

// One writer per data folder, with real processes: the web host and the CLI walkthrough started as the user starts them
// (the CLI from source), a holder killed with SIGKILL (no chance to clean up), and the lock file on disk.
const ROOT = resolve(import.meta.dirname, '../../..')
const CLI = join(import.meta.dirname, 'support/run-cli.ts')

let dir = ''
const children: ChildProcess[] = []
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pc-lock-'))
})
afterEach(async () => {
  // Killed and awaited: a process still exiting when the file ends would count as left running.
  await Promise.all(children.splice(0).map(child => stopped(child)))
  await rm(dir, { recursive: true, force: true })
})

/** Kills a child that still runs and resolves once it has exited. */
function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise(resolve => {
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
}

interface Cli {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
  waitFor: (pattern: RegExp) => Promise<void>
}

function cli(args: string[]): Cli {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let text = ''
  const waiters: Array<() => void> = []
  const onData = (d: Buffer) => {
    text += d.toString()
    for (const w of waiters.splice(0)) w()
  }
  child.stdout?.on('data', onData)
  child.stderr?.on('data', onData)
  const exited = new Promise<number | null>(r => child.on('close', code => r(code)))
  const waitFor = (pattern: RegExp) =>
    new Promise<void>((resolveWait, reject) => {
      const check = () => {
        if (pattern.test(text)) return resolveWait()
        if (child.exitCode !== null) return reject(new Error(`exited (${child.exitCode}) without ${pattern}:\n${text}`))
        waiters.push(check)
      }
      child.on('close', check)
      check()
    })
  return { child, output: () => text, exited, waitFor }
}

const webHost = () => cli(['web', '--data-dir', dir, '--no-open', '--port', '0', '--no-sandbox'])

describe('one writer per data folder', () => {
  it('a second web host and a CLI walkthrough on the same folder are refused with the holder named; a killed holder is taken over', async () => {
    const first = webHost()
    await first.waitFor(/is ready at/)
    const holder = JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))
    expect(holder).toMatchObject({ pid: first.child.pid, kind: 'web host', host: hostname() })

    const second = webHost()
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain(
      `The data folder ${dir} is in use by the web host (pid ${first.child.pid}, started ${holder.startedAt}).`,
    )
    expect(second.output()).toMatch(/--data-dir/)
    expect(second.output()).not.toMatch(/\n\s+at .+:\d+:\d+/)

    const walkthrough = cli(['walkthrough', '--env', 'Anything', '--data-dir', dir])
    expect(await walkthrough.exited).toBe(1)
    expect(walkthrough.output()).toContain(`is in use by the web host (pid ${first.child.pid}`)

    // The holder dies without cleaning up: its lock is stale (its pid is gone) and the next start takes the folder.
    first.child.kill('SIGKILL')
    await first.exited
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true)
    const third = webHost()
    await third.waitFor(/is ready at/)
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: third.child.pid, kind: 'web host' })

    // A clean stop releases the folder.
    third.child.kill('SIGINT')
    expect(await third.exited).toBe(0)
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
  }, 60_000)

  it('the runtime takes the lock itself and gives it back on close; one process cannot open a folder twice', async () => {
    const options = { transport: 'electron' as const, version: 't', dataDir: dir, sandbox: false, heartbeatMs: 3_600_000 }
    const runtime = await createRuntime({ ...options, cipher: createKeyFileCipher(join(dir, 'vault.key')) })
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, kind: 'desktop app' })
    const refused = await createRuntime({ ...options, cipher: createKeyFileCipher(join(dir, 'vault.key')) }).catch(e => e)
    expect(refused).toBeInstanceOf(ConsoleError)
    expect(refused.code).toBe('conflict')
    expect(refused.message).toContain(`in use by the desktop app (pid ${process.pid}`)
    await runtime.close()
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
    const again = await createRuntime({ ...options, cipher: createKeyFileCipher(join(dir, 'vault.key')) })
    await again.close()
  })

  it('a lock from another machine is never taken over (its pid cannot be checked), and names that machine', () => {
    const foreign = { pid: process.pid, kind: 'desktop app', startedAt: '2026-11-22T10:00:00.000Z', host: 'other-laptop.example' }
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify(foreign))
    let error: ConsoleError | undefined
    try {
      acquireDataFolderLock(dir, 'web host')
    } catch (e) {
      error = e as ConsoleError
    }
    expect(error?.message).toBe(
      `The data folder ${dir} is in use by the desktop app (pid ${process.pid} on other-laptop.example, started 2026-11-22T10:00:00.000Z).`,
    )
    expect(error?.hint).toContain(`If no console is running on other-laptop.example, delete ${join(dir, LOCK_FILE)}.`)
  })

  it('a damaged (half-written) lock file does not lock anyone out', () => {
    writeFileSync(join(dir, LOCK_FILE), '{"pid": 12')
    const lock = acquireDataFolderLock(dir, 'CLI walkthrough')
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, kind: 'CLI walkthrough' })
    lock.release()
    lock.release()
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
  })
})
