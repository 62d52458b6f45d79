import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { main } from '../../../src/main/cli/index'
import { TextSink } from '../../support/in-process-cli'

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pc-scen-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

async function walk(...args: string[]) {
  const out = new TextSink()
  const err = new TextSink()
  const code = await main(['walkthrough', ...args], { stdout: out, stderr: err })
  return { code, out: out.text, err: err.text }
}

interface HarDoc {
  log: { entries: Array<{ request: { method: string; url: string }; response: { status: number } }> }
}

describe('partner-console walkthrough --scenario', () => {
  it('access-token-expired: the first bearer call gets 401, the console refreshes and the flow still succeeds', async () => {
    const har = join(dir, 'expired.har')
    const run = await walk('--scenario', 'access-token-expired', '--har', har)
    expect(run.code, run.out + run.err).toBe(0)
    expect(run.out).toContain('Scenario: access-token-expired (Access token expired). Expect: A 401 invalid_token')
    const doc = JSON.parse(await readFile(har, 'utf8')) as HarDoc
    const seen = doc.log.entries.map(e => `${e.request.method} ${new URL(e.request.url).pathname} ${e.response.status}`)
    const first401 = seen.findIndex(s => s.endsWith('/locations 401'))
    expect(first401, seen.join('\n')).toBeGreaterThan(0)
    expect(seen[first401 + 1]).toMatch(/^POST \/oauth2\/token\/? 200$/)
    expect(seen[first401 + 2]).toMatch(/\/locations 200$/)
  })

  it('partial-consent: the token has read:locations only and the install step fails with 403', async () => {
    const run = await walk('--scenario', 'partial-consent')
    expect(run.code).toBe(1)
    expect(run.out).toMatch(/\[2\/6\] Exchanging the code for tokens… ok \(Bearer token, valid 24 h, read:locations, /)
    expect(run.out).toMatch(/\[4\/6\] Installing the integration… failed .*403 Forbidden — Missing permission write:installations/)
  })

  it('redirect-uri-mismatch: the authorize step says the endpoint refused the redirect URI', async () => {
    const run = await walk('--scenario', 'redirect-uri-mismatch')
    expect(run.code).toBe(1)
    expect(run.out).toMatch(/\[1\/6\] Authorizing… failed .*refused the request with 400 \(“redirect_uri mismatch · Partner API Sandbox”\)/)
    expect(run.out).toMatch(/hint: .*redirect_uri is not registered exactly as sent/)
  })

  it('refuses an unknown scenario, and a scenario with anything but the built-in sandbox (exit 2)', async () => {
    const unknown = await walk('--scenario', 'sunny')
    expect(unknown.code).toBe(2)
    expect(unknown.err).toMatch(/--scenario must be one of access-token-expired, .*, not "sunny"/)
    const withEnv = await walk('--scenario', 'flaky-503', '--env', 'Production')
    expect(withEnv.code).toBe(2)
    expect(withEnv.err).toContain('works with --sandbox only')
  })
})
