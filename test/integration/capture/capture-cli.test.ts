import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { main } from '../../../src/main/cli/index'
import type { Har } from '../../../src/main/engine/har/har-types'
import { OutputText } from '../../support/output'
import { CLIENTS } from './capture-harness'

class Sink extends Writable {
  readonly output = new OutputText()
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    this.output.push(chunk)
    done()
  }
}

const SANDBOX_SECRET = /sbx_(secret|at|rt|ac|admin)_[A-Za-z0-9_-]/

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pc-capture-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function capture(args: string[], command: string[]) {
  const stdout = new Sink()
  const stderr = new Sink()
  const har = join(dir, 'capture.har')
  const code = await main(['capture', '--sandbox', '--auto-consent', 'allow', ...args, '--har', har, '--', ...command], { stdout, stderr })
  const document = JSON.parse(await readFile(har, 'utf8')) as Har
  return { code, stdout: stdout.output.text, stderr: stderr.output.text, har: document, harText: await readFile(har, 'utf8') }
}

const CLIENT_RUNS: Array<[string, string[]]> = [
  ['Node fetch', [process.execPath, join(CLIENTS, 'partner.mjs')]],
  ['Python requests', ['python3', join(CLIENTS, 'partner.py')]],
  ['curl', ['/bin/sh', join(CLIENTS, 'partner.sh')]],
  ['Java HttpClient', ['java', join(CLIENTS, 'Partner.java')]],
]

// Node's own proxy support (NODE_USE_ENV_PROXY=1) never proxies a loopback target, whatever NO_PROXY says (measured on
// Node 24.21): against the sandbox on 127.0.0.1, Node integrations use gateway mode (docs/capture.md).
const PROXY_RUNS = CLIENT_RUNS.filter(([name]) => name !== 'Node fetch')

describe.each(['gateway', 'proxy'] as const)('partner-console capture --mode %s -- COMMAND', mode => {
  it.each(mode === 'proxy' ? PROXY_RUNS : CLIENT_RUNS)(
    'runs a %s integration through the console: its output and exit code, one line per exchange, a sanitized HAR',
    async (name, command) => {
      const run = await capture(['--mode', mode], command)
      expect(run.code, run.stderr).toBe(0)
      expect(run.stdout).toMatch(/export 200\n/)
      // One line per exchange on stderr: authorize, token, locations, then the signed export(s).
      const lines = run.stderr.split('\n').filter(l => /^log-\d+ /.test(l))
      expect(lines[0], run.stderr + run.stdout).toMatch(/^log-\d+ GET \/oauth2\/authorize\/\?\S+ 302 \d+ ms none$/)
      expect(lines[1]).toMatch(/^log-\d+ POST \/oauth2\/token\/ 200 \d+ ms none$/)
      expect(lines[2]).toMatch(/^log-\d+ GET \/marketplace\/v2\/platform-token\/locations 200 \d+ ms bearer$/)
      expect(lines[3]).toMatch(/^log-\d+ GET \/api\/v1\/export\/\d+\/tickets\?\S+ 200 \d+ ms hmac$/)
      const entries = run.har.log.entries
      expect(entries.map(e => `${e._source} ${e.request.method} ${e.response.status}`).slice(0, 4)).toEqual([
        'captured GET 302',
        'captured POST 200',
        'captured GET 200',
        'captured GET 200',
      ])
      expect(entries[3]?.comment).toContain('Signature: valid')
      expect(entries[2]?.comment).toMatch(/Bearer token [0-9a-f]{8}: issued by a captured token response/)
      expect(entries[0]?._client?.userAgent, name).toBeTruthy()
      // Nothing the integration sent or received is readable in the output or the HAR.
      expect(run.harText).not.toMatch(SANDBOX_SECRET)
      expect(run.stderr).not.toMatch(SANDBOX_SECRET)
      expect(run.harText).toMatch(/\[redacted:access_token:[0-9a-f]{8}\]/)
    },
  )
})

describe('partner-console capture, bad input', () => {
  it('passes the command’s exit code through', async () => {
    const run = await capture([], [process.execPath, '-e', 'process.exit(7)'])
    expect(run.code).toBe(7)
    expect(run.har.log.entries).toEqual([])
  })

  it('refuses an unknown mode and a dangling --', async () => {
    const stderr = new Sink()
    expect(await main(['capture', '--mode', 'mitm'], { stdout: new Sink(), stderr })).toBe(2)
    expect(stderr.output.text).toContain('--mode must be gateway or proxy, not "mitm"')
    expect(await main(['capture', '--'], { stdout: new Sink(), stderr })).toBe(2)
    expect(stderr.output.text).toContain('-- must be followed by the command to run.')
  })
})
