import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { alternatingMedians } from './support/alternating'
import type { BenchRow } from './support/bench-row'

const ROOT = join(import.meta.dirname, '..')
const HOOKS = join(import.meta.dirname, 'support/electron-stand-in-hooks.mjs')
const MAIN = join(ROOT, 'out/main/index.js')

/** The baseline: the least an Electron main process does before its window asks for a page. */
const BARE_MAIN = `
import { app, BrowserWindow } from 'electron'
app.whenReady().then(() => new BrowserWindow({ show: false }).loadURL('app://console/index.html'))
`

/**
 * The desktop app's main process from process start until its window asks for the first screen (loadURL), run by
 * Node with a stand-in `electron` module (bench/support/electron-stand-in.mjs: the binary cannot run here), against a
 * bare main process that only opens a window, same stand-in. CPU time of the process (user + system) when loadURL is
 * called, so the load of a shared machine weighs less; alternating runs, medians of 7 after a warm-up. The wall time
 * of the same runs is in the row's name. Goal ≤ 1.5×, as the first screen's.
 */
export async function benchDesktopMainStart(): Promise<BenchRow> {
  if (!existsSync(MAIN)) throw new Error('out/main/index.js is missing: run `npm run build` first.')
  const walls = { baseline: [] as number[], subject: [] as number[] }
  const { baseline, subject } = await alternatingMedians(
    () => mainReady(['--input-type=module', '-e', BARE_MAIN], walls.baseline),
    () => mainReady([MAIN], walls.subject),
    { warmup: 1, samples: 7 },
  )
  const mid = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? Number.NaN
  return {
    name: `desktop main process: CPU from process start to its window asking for the first screen (stand-in electron), vs a bare main process opening a window (wall ${Math.round(mid(walls.subject))} vs ${Math.round(mid(walls.baseline))} ms)`,
    baseline: Math.round(baseline * 10) / 10,
    subject: Math.round(subject * 10) / 10,
    ratio: Math.round((subject / baseline) * 100) / 100,
    goal: '≤ 1.5×',
    unit: 'ms CPU',
  }
}

/** Runs a main process under the stand-in; returns its CPU ms at loadURL, and pushes the wall ms from spawn. */
async function mainReady(args: string[], walls: number[]): Promise<number> {
  const userData = mkdtempSync(join(tmpdir(), 'pc-bench-main-'))
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', HOOKS, ...args], {
    cwd: ROOT,
    env: { ...process.env, PC_STAND_IN_USER_DATA: userData, HOME: userData, XDG_CONFIG_HOME: userData },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout.on('data', d => {
    out += String(d)
  })
  child.stderr.on('data', d => {
    out += String(d)
  })
  try {
    const cpu = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', () => {
        const m = /^ready ([\d.]+) /m.exec(out)
        if (m?.[1]) {
          walls.push(performance.now() - started)
          resolve(Number(m[1]))
        }
      })
      child.once('exit', code => reject(new Error(`the main process exited (${code}) before asking for its page:\n${out.slice(-800)}`)))
    })
    return cpu
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise(r => child.once('exit', r))
      child.kill('SIGKILL')
      await exited
    }
    rmSync(userData, { recursive: true, force: true })
  }
}
