import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export interface StartedConsole {
  /**
   * A fresh one-time URL, asked for as a user does (Enter in the terminal): each browser context needs its own, since
   * a URL's token is traded once, within a minute.
   */
  freshUrl(): Promise<string>
  origin: string
  sandboxUrl: string | null
  dataDir: string
  output(): string
  stop(): Promise<void>
}

const ROOT = resolve(import.meta.dirname, '../..')

/**
 * Starts `partner-console web` exactly as a user would (the built CLI, a fresh data folder), waits for the URL it
 * prints, and stops it with SIGINT like Ctrl-C. Used by the browser tests and the CLI tests.
 */
export async function startConsole(extraArgs: string[] = [], env: Record<string, string> = {}): Promise<StartedConsole> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-e2e-'))
  const child: ChildProcess = spawn(
    process.execPath,
    [join(ROOT, 'bin/partner-console.mjs'), 'web', '--no-open', '--data-dir', dataDir, ...extraArgs],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] },
  )
  let out = ''
  child.stdout?.on('data', d => {
    out += String(d)
  })
  child.stderr?.on('data', d => {
    out += String(d)
  })
  const printed = new Promise<string>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`partner-console web printed no URL within 30 s. Output:\n${out}`)), 30_000)
    const check = () => {
      // The banner ends with "… Ctrl-C to stop."; wait for it so every line of it (sandbox URL too) is in.
      const m = out.match(/(http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/)
      if (m?.[1] && out.includes('Ctrl-C to stop.')) {
        clearTimeout(timer)
        res(m[1])
      }
    }
    child.stdout?.on('data', check)
    child.once('exit', code => {
      clearTimeout(timer)
      rej(new Error(`partner-console web exited with ${code} before printing a URL. Output:\n${out}`))
    })
  })
  // A host that never printed its URL (it timed out, or exited) leaves nothing behind: its process and data folder go.
  const url = await printed.catch(async (error: unknown) => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise(r => child.once('exit', r))
      child.kill('SIGKILL')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  })
  const urlPattern = /http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+(?=\n)/g
  let asked = 0
  let queue = Promise.resolve('')
  const freshUrl = () => {
    queue = queue
      .catch(() => '')
      .then(
        () =>
          new Promise<string>((res, rej) => {
            const wanted = ++asked + 1
            const timer = setTimeout(() => rej(new Error(`partner-console web printed no fresh URL within 10 s. Output:\n${out}`)), 10_000)
            const check = () => {
              const next = out.match(urlPattern)?.[wanted - 1]
              if (next) {
                clearTimeout(timer)
                child.stdout?.off('data', check)
                res(next)
              }
            }
            child.stdout?.on('data', check)
            child.stdin?.write('\n')
          }),
      )
    return queue
  }
  const sandboxUrl = out.match(/Built-in sandbox: (http:\/\/127\.0\.0\.1:\d+)/)?.[1] ?? null
  return {
    freshUrl,
    origin: new URL(url).origin,
    sandboxUrl,
    dataDir,
    output: () => out,
    async stop() {
      child.stdin?.end()
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise(r => child.once('exit', r))
        child.kill('SIGINT')
        // A deadline, not a wait: the exit says when; a host that ignores Ctrl-C for 5 s is killed, and awaited.
        let deadline: NodeJS.Timeout | undefined
        const late = new Promise(r => {
          deadline = setTimeout(r, 5000)
        })
        await Promise.race([exited, late])
        clearTimeout(deadline)
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGKILL')
          await exited
        }
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
