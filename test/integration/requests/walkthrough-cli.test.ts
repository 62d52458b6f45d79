import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { main } from '../../../src/main/cli/index'
import { findFreePort } from '../../../src/main/runtime/free-port'
import { type RunningSandbox, startSandbox } from '../../../src/sandbox'
import { OutputText } from '../../support/output'
import { harProblems } from '../../unit/engine/har/fixtures/har-schema'

/** Output written by the command, kept in memory; `waitFor` resolves when a pattern shows up (on the write itself). */
class Capture extends Writable {
  private readonly output = new OutputText()
  get text(): string {
    return this.output.text
  }
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    this.output.push(chunk)
    done()
  }
  waitFor(pattern: RegExp, timeoutMs = 10_000): Promise<RegExpMatchArray> {
    return this.output.waitFor(pattern, timeoutMs)
  }
}

const SANDBOX_SECRET = /sbx_(secret|at|rt|ac|admin)_[A-Za-z0-9_-]/

let dir = ''
const cleanups: Array<() => Promise<unknown>> = []
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pc-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
})
afterEach(async () => {
  delete process.env.PARTNER_CLIENT_SECRET
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function realLikeServer(): Promise<{ sandbox: RunningSandbox; clientId: string; secret: string; redirectUri: string }> {
  const redirectUri = `http://127.0.0.1:${await findFreePort()}/callback`
  const clientId = `ci-client-${randomBytes(3).toString('hex')}`
  const secret = `canary-${randomBytes(12).toString('hex')}`
  const sandbox = await startSandbox({
    quiet: true,
    autoConsent: 'allow',
    clients: [{ clientId, clientSecret: secret, redirectUris: [redirectUri] }],
  })
  cleanups.push(() => sandbox.close())
  return { sandbox, clientId, secret, redirectUri }
}

describe('partner-console walkthrough', () => {
  it('runs the whole flow against the built-in sandbox, one progress line per step, and writes a clean HAR', async () => {
    const out = new Capture()
    const err = new Capture()
    const har = join(dir, 'run.har')
    const code = await main(['walkthrough', '--sandbox', '--har', har], { stdout: out, stderr: err })
    expect(err.text).toBe('')
    expect(code).toBe(0)
    const lines = out.text.trim().split('\n')
    expect(lines[0]).toMatch(/^Walkthrough against Sandbox \(built-in\) \(http:\/\/127\.0\.0\.1:\d+\), client partner-console-builtin$/)
    expect(lines.slice(1, 7)).toEqual([
      expect.stringMatching(/^\[1\/6\] Authorizing… ok \(code caught on http:\/\/127\.0\.0\.1:\d+\/callback, auto-consent, \d+ ms\)$/),
      expect.stringMatching(/^\[2\/6\] Exchanging the code for tokens… ok \(Bearer token, valid 24 h, .*read:locations.*, \d+ ms\)$/),
      expect.stringMatching(/^\[3\/6\] Listing locations… ok \(\d+ locations, \d+ ms\)$/),
      expect.stringMatching(/^\[4\/6\] Installing the integration… ok \(204 at location \d+, .+, \d+ ms\)$/),
      expect.stringMatching(
        /^\[5\/6\] Exporting tickets \(HMAC-signed\)… ok \(\d+ tickets?, \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}, \d+ ms\)$/,
      ),
      expect.stringMatching(/^\[6\/6\] Writing the sanitized HAR… ok \(4 entries in .*run\.har, \d+ ms\)$/),
    ])
    expect(lines[7]).toBe('Done: every step succeeded.')
    const text = await readFile(har, 'utf8')
    const doc = JSON.parse(text)
    expect(harProblems(doc)).toEqual([])
    expect(doc.log.entries.map((e: { request: { method: string } }) => e.request.method)).toEqual(['POST', 'GET', 'POST', 'GET'])
    expect(text).not.toMatch(SANDBOX_SECRET)
  })

  it('smoke-tests credentials from flags: prints the authorize URL, waits for a person, reports JSON', async () => {
    const s = await realLikeServer()
    process.env.PARTNER_CLIENT_SECRET = s.secret
    const out = new Capture()
    const err = new Capture()
    const har = join(dir, 'ci.har')
    const args = [
      'walkthrough',
      '--auth-url',
      s.sandbox.url,
      '--base-url',
      s.sandbox.url,
      '--client-id',
      s.clientId,
      '--redirect-uri',
      s.redirectUri,
    ]
    const running = main([...args, '--har', har, '--json', '--timeout', '30', '--from', '2024-03-01', '--to', '2024-03-02'], {
      stdout: out,
      stderr: err,
    })
    // Progress goes to stderr in --json mode; the person opens the printed URL (the server consents for them here).
    const [, url] = await err.waitFor(/^ {6} {2}(http:\/\/\S+\/oauth2\/authorize\/\?\S+)$/m)
    expect(err.text).toMatch(/Waiting for the redirect on http:\/\/127\.0\.0\.1:\d+\/callback \(0:30 left\)…/)
    const browserHop = await fetch(url as string, { redirect: 'manual' })
    await browserHop.arrayBuffer()
    await (await fetch(browserHop.headers.get('location') as string)).arrayBuffer()
    const code = await running
    expect(code).toBe(0)
    const report = JSON.parse(out.text)
    expect(report.ok).toBe(true)
    expect(report.environment).toMatchObject({ clientId: s.clientId, baseUrl: s.sandbox.url })
    expect(report.steps.map((x: { status: string }) => x.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok'])
    expect(report.steps[4].detail).toContain('2024-03-01 to 2024-03-02')
    expect(err.text).toMatch(/\[1\/6\] Authorizing… ok \(code caught on/)
    const text = await readFile(har, 'utf8')
    expect(harProblems(JSON.parse(text))).toEqual([])
    expect(text).not.toContain(s.secret)
    expect(text).not.toMatch(SANDBOX_SECRET)
    expect(out.text + err.text).not.toContain(s.secret)
  })

  it('reports the failing step, skips the rest of the API calls and still writes the HAR (exit 1)', async () => {
    const s = await realLikeServer()
    process.env.PARTNER_CLIENT_SECRET = 'wrong-secret-value'
    const out = new Capture()
    const err = new Capture()
    const har = join(dir, 'failed.har')
    const args = [
      'walkthrough',
      '--auth-url',
      s.sandbox.url,
      '--base-url',
      s.sandbox.url,
      '--client-id',
      s.clientId,
      '--redirect-uri',
      s.redirectUri,
      '--auto-consent',
      '--har',
      har,
    ]
    const code = await main(args, { stdout: out, stderr: err })
    expect(code).toBe(1)
    expect(out.text).toMatch(/\[2\/6\] Exchanging the code for tokens… failed \(\d+ ms\): .+/)
    expect(out.text).toMatch(/\[3\/6\] Listing locations… skipped \(skipped after an earlier failure\)/)
    expect(out.text).toMatch(/\[6\/6\] Writing the sanitized HAR… ok \(1 entries in /)
    expect(out.text).toMatch(/Failed at step 2: exchanging the code for tokens\.$/m)
    const text = await readFile(har, 'utf8')
    expect(text).not.toContain('wrong-secret-value')
  })

  it('refuses incomplete flags and a missing secret with a usage error (exit 2)', async () => {
    const err = new Capture()
    expect(await main(['walkthrough', '--auth-url', 'http://127.0.0.1:1'], { stdout: new Capture(), stderr: err })).toBe(2)
    expect(err.text).toContain('missing --base-url, --client-id, --redirect-uri')
    const err2 = new Capture()
    const all = ['--auth-url', 'http://a', '--base-url', 'http://a', '--client-id', 'c', '--redirect-uri', 'http://127.0.0.1:1/cb']
    expect(await main(['walkthrough', ...all], { stdout: new Capture(), stderr: err2 })).toBe(2)
    expect(err2.text).toContain('PARTNER_CLIENT_SECRET')
    const err3 = new Capture()
    expect(await main(['walkthrough', '--sandbox', '--env', 'x'], { stdout: new Capture(), stderr: err3 })).toBe(2)
    expect(await main(['walkthrough', '--from', '2024-13-45'], { stdout: new Capture(), stderr: new Capture() })).toBe(2)
  })
})
