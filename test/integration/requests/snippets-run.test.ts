import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asciiLiteral, jsonLiteral, phpLiteral } from '../../../src/main/engine/requests/copy-as/signing-code/literals'
import type { ComposerRequestInput, SnippetLanguage } from '../../../src/shared/contract'
import { startAuthorizedConsole, type TestConsole } from './support'

const run = promisify(execFile)
let c: TestConsole
let dir: string
let secret: string
let clientId: string

beforeAll(async () => {
  c = await startAuthorizedConsole()
  secret = c.runtime.sandbox!.client.clientSecret
  clientId = c.runtime.sandbox!.client.clientId
  dir = await mkdtemp(join(tmpdir(), 'pc-snippets-'))
})
afterAll(async () => {
  await c.close()
  await rm(dir, { recursive: true, force: true })
})

async function exec(cmd: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(cmd, args, { cwd: dir, env: { ...process.env, ...env }, timeout: 60_000 })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string }
    return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }
  }
}

const lookup = (ticket: string): ComposerRequestInput => ({
  method: 'POST',
  path: '/pos/v2/lookup/tickets',
  headers: [{ name: 'content-type', value: 'application/json', enabled: true }],
  body: JSON.stringify({ ticketIds: [ticket], note: 'it\'s "quoted" $HOME `x` café' }),
  auth: 'hmac',
})

/**
 * The Python that has `requests`: the one on PATH, or Debian's (.ci/run installs python3-requests for it). The
 * standard-library snippets need nothing beyond python3 itself.
 */
async function pythonWithRequests(): Promise<string> {
  for (const python of ['python3', '/usr/bin/python3']) {
    if ((await exec(python, ['-c', 'import requests'])).code === 0) return python
  }
  throw new Error('No python3 here can import requests: install it (Debian: apt-get install python3-requests)')
}

const RUNNERS: Array<{ language: SnippetLanguage; file: string; cmd: string | (() => Promise<string>) }> = [
  { language: 'curl', file: 'request.sh', cmd: 'bash' },
  { language: 'node', file: 'request-node.mjs', cmd: process.execPath },
  { language: 'fetch', file: 'request-fetch.mjs', cmd: process.execPath },
  { language: 'python', file: 'request.py', cmd: 'python3' },
  { language: 'python-requests', file: 'request_requests.py', cmd: pythonWithRequests },
]

describe('Copy as: the snippets run and sign at run time', () => {
  for (const r of RUNNERS) {
    it(`${r.language}: performs the signed request against the sandbox; the secret is read from the environment`, async () => {
      const ticket = `T-${r.language}`
      const snippet = await c.ok('requests:snippet', { language: r.language, request: lookup(ticket) })
      expect(snippet.code).not.toContain(secret)
      expect(snippet.code).toContain('PARTNER_CLIENT_SECRET')
      await writeFile(join(dir, r.file), snippet.code)
      const cmd = typeof r.cmd === 'string' ? r.cmd : await r.cmd()
      const out = await exec(cmd, [r.file], { PARTNER_CLIENT_SECRET: secret })
      expect(out.stderr).toBe('')
      expect(out.stdout).toContain(`"ticketId":"${ticket}","found":true`)
      expect(out.code).toBe(0)
      const missing = await exec(cmd, [r.file], { PARTNER_CLIENT_SECRET: '' })
      expect(missing.code).not.toBe(0)
    })
  }

  it('a snippet of a log entry uses the current credentials, bearer ones from PARTNER_ACCESS_TOKEN', async () => {
    const x = await c.ok('requests:send', { request: { method: 'GET', path: '/online-ordering/v1/orders', auth: 'bearer' } })
    const token = (await c.ok('oauth:revealToken', { kind: 'access' })).value
    const snippet = await c.ok('requests:snippet', { language: 'python', logId: x.logId })
    expect(snippet.code).not.toContain(token)
    await writeFile(join(dir, 'orders.py'), snippet.code)
    const out = await exec('python3', ['orders.py'], { PARTNER_ACCESS_TOKEN: token })
    expect(out.stdout).toMatch(/^200 OK/)
    expect(out.code).toBe(0)
    const refused = await exec('python3', ['orders.py'], { PARTNER_ACCESS_TOKEN: 'not-a-token' })
    expect(refused.stdout).toMatch(/^401/)
    expect(refused.code).toBe(1)
  })

  it('the other languages carry the runtime signing and nothing secret', async () => {
    for (const language of ['curl-cmd', 'powershell', 'httpie'] as const) {
      const s = await c.ok('requests:snippet', { language, request: lookup('T-x') })
      expect(s.code).not.toContain(secret)
      expect(s.code).toMatch(/PARTNER_CLIENT_SECRET/)
      expect(s.code).toMatch(/x-signature/)
    }
  })
})

describe('signing code to take home', () => {
  it('ships a vector file whose cases the console’s signer and the sandbox verifier agree on', async () => {
    const { files } = await c.ok('requests:signingCode', { language: 'vectors' })
    const file = JSON.parse(files[0]!.code)
    expect(file.vectors.length).toBeGreaterThanOrEqual(6)
    expect(file.mistakes.length).toBeGreaterThanOrEqual(8)
    for (const m of file.mistakes) {
      expect(m.signature).not.toBe(file.vectors.find((v: { name: string }) => v.name === m.of).signature)
    }
  })

  const RUNNABLE = [
    { language: 'node', cmd: process.execPath, args: (f: string) => [f] },
    { language: 'python', cmd: 'python3', args: (f: string) => [f] },
    { language: 'java', cmd: 'java', args: (f: string) => [f] },
    { language: 'shell', cmd: 'bash', args: (f: string) => [f] },
  ] as const
  for (const r of RUNNABLE) {
    it(`${r.language}: passes every vector and signs a request the sandbox accepts`, async () => {
      const { files } = await c.ok('requests:signingCode', { language: r.language })
      const f = files[0]!
      await writeFile(join(dir, f.fileName), f.code)
      const self = await exec(r.cmd, [...r.args(f.fileName), '--self-test'])
      expect(self.stdout).toContain('all 6 vectors pass')
      expect(self.code).toBe(0)
      const body = JSON.stringify({ ticketIds: [`take-home-${r.language}`] })
      const signed = await exec(r.cmd, [...r.args(f.fileName), 'sign', 'POST', '/pos/v2/lookup/tickets', body], {
        PARTNER_CLIENT_ID: clientId,
        PARTNER_CLIENT_SECRET: secret,
      })
      expect(signed.code).toBe(0)
      const headers = Object.fromEntries(
        signed.stdout
          .trim()
          .split('\n')
          .map(l => l.split(': ') as [string, string]),
      )
      expect(Object.keys(headers)).toEqual(['x-access-key', 'x-timestamp', 'x-signature'])
      const res = await fetch(`${c.runtime.sandbox!.url}/pos/v2/lookup/tickets`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      })
      expect(res.status).toBe(200)
      expect(await res.text()).toContain(`take-home-${r.language}`)
    })
  }

  it('C#, Go and PHP (no runtime here) carry exactly the vectors of the vector file', async () => {
    const { files } = await c.ok('requests:signingCode', {})
    const vectors = JSON.parse(files.find(f => f.language === 'vectors')!.code).vectors as Array<Record<string, string | number>>
    const literal = { csharp: asciiLiteral, go: jsonLiteral, php: phpLiteral } as const
    for (const language of ['csharp', 'go', 'php'] as const) {
      const code = files.find(f => f.language === language)!.code
      for (const v of vectors) {
        const row = [v.name, v.clientId, v.clientSecret, v.method, v.path, v.body, String(v.timestamp), v.canonical, v.signature]
          .map(x => literal[language](String(x)))
          .join(', ')
        expect(code, `${language} ${v.name}`).toContain(row)
      }
      expect(code).toMatch(/sha256|SHA256|HmacSHA256/i)
    }
  })
})
