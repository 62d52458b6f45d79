import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'

// What the built CLI loads for a run decides how long a user waits before its first request. A plain
// `walkthrough --sandbox` sends over loopback HTTP: TLS, HTTP/2 and certificate making (node-forge) are for other paths,
// and loading any of them at import is start-up time paid for nothing.

const ROOT = resolve(import.meta.dirname, '../../..')
const BIN = join(ROOT, 'bin/partner-console.mjs')
const built = existsSync(join(ROOT, 'out/node/cli.js'))

// Lists every builtin (Node's own load list) and every file loaded (a load hook), written on fd 3 at exit.
const LIST_MODULES = `--import=data:text/javascript,${encodeURIComponent(
  "import m from'node:module';import{writeSync}from'node:fs';const f=[];m.registerHooks({load(u,c,n){f.push(u);return n(u,c)}});process.on('exit',()=>writeSync(3,JSON.stringify({builtins:process.moduleLoadList.filter(x=>x.startsWith('NativeModule ')).map(x=>x.slice(13)),files:f})))",
)}`

function loadedBy(args: string[]): Promise<{ code: number | null; builtins: string[]; files: string[]; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [LIST_MODULES, BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe', 'pipe'] })
    let list = ''
    let stderr = ''
    child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      stderr += d
    })
    ;(child.stdio[3] as Readable).setEncoding('utf8').on('data', (d: string) => {
      list += d
    })
    child.on('error', fail)
    child.on('close', code =>
      done({ code, stderr, ...(JSON.parse(list || '{"builtins":[],"files":[]}') as { builtins: string[]; files: string[] }) }),
    )
  })
}

const NOT_FOR_PLAIN_HTTP = ['tls', 'https', 'http2']

describe.skipIf(!built)('what walkthrough --sandbox loads', () => {
  it('a plain-HTTP run loads no TLS, HTTPS or HTTP/2 module, no node-forge, no file of undici from node_modules', async () => {
    const run = await loadedBy(['walkthrough', '--sandbox'])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.builtins).toContain('http')
    expect(run.builtins.filter(b => NOT_FOR_PLAIN_HTTP.includes(b))).toEqual([])
    expect(run.files.filter(f => /node-forge|client-h2|proxy-agent|socks5/.test(f))).toEqual([])
    // undici is part of the CLI's bundle (scripts/build/bundled-undici.ts): none of its ~30 files is read from
    // node_modules, and its request methods other than `request` (stream, pipeline, upgrade, connect) are not even
    // evaluated (a bundled module evaluates on its first call).
    expect(run.files.filter(f => /node_modules\/undici\//.test(f))).toEqual([])
  })

  it('a run whose sandbox serves TLS loads them when it needs them, and succeeds', async () => {
    const run = await loadedBy(['walkthrough', '--sandbox', '--sandbox-tls'])
    expect(run.code).toBe(0)
    expect(run.builtins).toEqual(expect.arrayContaining(['tls', 'https']))
    expect(run.files.some(f => f.includes('node-forge'))).toBe(true)
  })
})
