import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseClientArg, runSandboxCommand } from '../../../src/main/cli/sandbox-command'
import { OutputText } from '../../support/output'

function captureIo() {
  const out = new OutputText()
  const err = new OutputText()
  const text = {
    get out() {
      return out.text
    },
    get err() {
      return err.text
    },
  }
  return { io: { stdout: out.writable(), stderr: err.writable() }, text, out }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolvePort(port))
    })
    srv.on('error', reject)
  })
}

function deferred() {
  let done!: () => void
  const promise = new Promise<void>(r => {
    done = r
  })
  return { promise, done }
}

describe('partner-console sandbox (CLI command)', () => {
  it('splits --client on the first two colons only, keeping the colons of the redirect URI', () => {
    expect(parseClientArg('my-app:s3cret:http://127.0.0.1:9999/cb')).toEqual({
      clientId: 'my-app',
      clientSecret: 's3cret',
      redirectUris: ['http://127.0.0.1:9999/cb'],
    })
    expect(() => parseClientArg('only-id')).toThrow(/ID:SECRET:REDIRECT_URI/)
    expect(() => parseClientArg('id:secret')).toThrow(/ID:SECRET:REDIRECT_URI/)
    expect(() => parseClientArg('id::http://x/cb')).toThrow(/ID:SECRET:REDIRECT_URI/)
    expect(() => parseClientArg('id:secret:not-a-url')).toThrow(/not an absolute URL/)
  })

  it('prints help with --help and returns 0', async () => {
    const { io, text } = captureIo()
    expect(await runSandboxCommand(['--help'], io)).toBe(0)
    expect(text.out).toContain('--client ID:SECRET:REDIRECT_URI')
    expect(text.out).toContain('--auto-consent allow|deny')
  })

  it('returns 2 for bad arguments, saying what is wrong', async () => {
    for (const [argv, message] of [
      [['--port', 'abc'], /--port must be/],
      [['--port', '70000'], /--port must be/],
      [['--auto-consent', 'maybe'], /--auto-consent must be allow or deny/],
      [['--client', 'nocolons'], /ID:SECRET:REDIRECT_URI/],
      [['--scenario', 'sunny-day'], /--scenario must be one of access-token-expired, .*slow-responses, not "sunny-day"/],
      [['--bogus'], /Unknown option/],
    ] as const) {
      const { io, text } = captureIo()
      expect(await runSandboxCommand([...argv], io), argv.join(' ')).toBe(2)
      expect(text.err).toMatch(message)
    }
  })

  it('starts on the given port, prints URL, logins, clients and admin token, and stops cleanly', async () => {
    const port = await freePort()
    const { io, text, out } = captureIo()
    const stop = deferred()
    const running = runSandboxCommand(
      ['--port', String(port), '--client', 'ci-app:ci-secret:http://127.0.0.1:4567/cb', '--auto-consent', 'allow'],
      io,
      stop.promise,
    )
    await out.waitFor('Press Ctrl-C')
    const url = `http://127.0.0.1:${port}`
    expect(text.out).toContain(`Partner API sandbox listening on ${url}`)
    expect(text.out).toContain('demo@globebistro.example / sandbox-demo')
    expect(text.out).toContain('ci-app / ci-secret')
    expect(text.out).toContain('http://127.0.0.1:4567/cb')
    expect(text.out).not.toContain('sandbox-demo-client')
    const token = /x-sandbox-admin-token\): (\S+)/.exec(text.out)?.[1] as string
    const state = await fetch(`${url}/_sandbox/state`, { headers: { 'x-sandbox-admin-token': token } })
    expect(state.status).toBe(200)
    const auth = await fetch(
      `${url}/oauth2/authorize/?client_id=ci-app&redirect_uri=${encodeURIComponent('http://127.0.0.1:4567/cb')}&response_type=code&state=q`,
      { redirect: 'manual' },
    )
    expect(auth.status).toBe(302)
    expect(new URL(auth.headers.get('location') as string).searchParams.get('code')).toMatch(/^sbx_ac_/)
    expect(text.err).toMatch(/GET \/oauth2\/authorize\/ 302/)
    stop.done()
    expect(await running).toBe(0)
    await expect(fetch(`${url}/_sandbox/openapi.json`)).rejects.toThrow()
  })

  it('starts in a scenario with --scenario, says what it does, and the sandbox behaves so', async () => {
    const { io, text, out } = captureIo()
    const help = captureIo()
    expect(await runSandboxCommand(['--help'], help.io)).toBe(0)
    expect(help.text.out).toMatch(/--scenario NAME[\s\S]*partial-consent\s+Merchant granted only read:locations/)
    const stop = deferred()
    const running = runSandboxCommand(['--scenario', 'redirect-uri-mismatch', '--quiet'], io, stop.promise)
    await out.waitFor('Press Ctrl-C')
    expect(text.out).toContain('Scenario: redirect-uri-mismatch (Redirect URI mismatch)')
    expect(text.out).toContain('A client sees: The authorize page answers 400')
    const url = /listening on (\S+)/.exec(text.out)?.[1] as string
    const auth = await fetch(
      `${url}/oauth2/authorize/?client_id=sandbox-demo-client&redirect_uri=${encodeURIComponent('http://127.0.0.1:8765/callback')}&response_type=code`,
    )
    expect(auth.status).toBe(400)
    expect(await auth.text()).toContain('redirect_uri mismatch')
    stop.done()
    expect(await running).toBe(0)
  })

  it('stops on SIGINT and on SIGTERM with exit code 0 (real process)', async () => {
    const script = resolve(import.meta.dirname, 'support/run-sandbox-cli.ts')
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const child = spawn(process.execPath, ['--import', 'tsx', script, '--quiet'], {
        cwd: resolve(import.meta.dirname, '../../..'),
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      const output = OutputText.of(child)
      const exited = new Promise<number | null>(r => child.on('exit', code => r(code)))
      await output.waitFor('Press Ctrl-C')
      const url = /listening on (\S+)/.exec(output.text)?.[1] as string
      expect((await fetch(`${url}/_sandbox/openapi.json`)).status).toBe(200)
      child.kill(signal)
      expect(await exited, signal).toBe(0)
      expect(output.text).toContain('Stopping the sandbox')
    }
  })
})
