import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runWalkthroughCommand } from '../../../src/main/cli/walkthrough-command'
import { secretForms } from '../../../src/main/engine/core/secret-forms'
import { findFreePort } from '../../../src/main/runtime/free-port'
import type { EventMessage } from '../../../src/shared/contract'
import { startLoopback, startTestConsole, type TestConsole } from '../requests/support'

// docs/security.md, item 4: for arbitrary secrets (quotes, backslashes, slashes, percent signs, Unicode), no output of
// the console contains the secret in any form a server could echo it in: raw, JSON-escaped (also with `\/` and
// `\uXXXX`), percent-encoded, base64 and base64url. A real server on loopback echoes the engine's client secret back
// in every one of those forms, in bodies, headers, a Location with a fragment, a cookie and an error description.

const UNITS = ['"', '\\', '/', '%', '+', '=', '&', '#', '?', ' ', "'", '<', 'é', 'ß', '中', '😀', 'a', 'Z', '7', '-', '_', ':', ',', '{']
/** Every secret starts with "κ" so that no innocent output text can contain one of its forms by chance. */
const secretArb = fc.string({ unit: fc.constantFrom(...UNITS), minLength: 8, maxLength: 40 }).map(s => `κ${s}`)

let current = ''
let echo: { url: string; close(): Promise<void> }

/** The server's answer to anything: the current secret, in every form, everywhere a server puts text. */
function echoEverything(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  const forms = secretForms(current)
  const pct = encodeURIComponent(current)
  const b64 = Buffer.from(current).toString('base64')
  req.resume()
  if (url.pathname.replace(/\/$/, '') === '/oauth2/authorize') {
    const redirect = new URL(url.searchParams.get('redirect_uri') ?? 'http://127.0.0.1:1/')
    redirect.searchParams.set('code', 'code-from-the-echo-server')
    redirect.searchParams.set('state', url.searchParams.get('state') ?? '')
    res.writeHead(302, { Location: redirect.href }).end()
    return
  }
  const status = url.pathname.replace(/\/$/, '') === '/oauth2/token' ? 400 : 200
  const phpJson = JSON.stringify(current).replaceAll('/', '\\/')
  const body = `{"error":"invalid_client","error_description":"the secret ${JSON.stringify(current).slice(1, -1)} is wrong","echo":${phpJson},"forms":${JSON.stringify(forms)},"nested":{"clientSecret":${JSON.stringify(current)}}}`
  res.writeHead(status, {
    'Content-Type': 'application/json',
    Location: `https://app.example/cb?code=${pct}#access_token=${pct}&state=s`,
    'X-Echo-B64': b64,
    'X-Echo-Pct': pct,
    'Set-Cookie': `s=${pct}; HttpOnly`,
  })
  res.end(body)
}

function expectNoForm(where: string, text: string, secret: string): void {
  for (const form of secretForms(secret)) {
    if (text.includes(form)) {
      const at = text.indexOf(form)
      throw new Error(
        `${where} contains the secret as ${JSON.stringify(form)}: …${text.slice(Math.max(0, at - 200), at + form.length + 50)}…`,
      )
    }
  }
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(await readFile(join(entry.parentPath, entry.name), 'utf8'))
  }
  return out
}

beforeAll(async () => {
  echo = await startLoopback(echoEverything)
})

afterAll(async () => {
  await echo?.close()
})

describe('no output contains a known secret in any form (fast-check)', () => {
  let c: TestConsole
  let events: EventMessage[]

  beforeAll(async () => {
    c = await startTestConsole({ sandbox: false })
    events = c.events
  })

  afterAll(async () => {
    await c?.close()
  })

  it('network log, HAR, cURL, bridge answers, bridge events, errors and files', async () => {
    await fc.assert(
      fc.asyncProperty(secretArb, async secret => {
        current = secret
        events.length = 0
        await c.ok('log:clear', {})
        const answers: unknown[] = []
        const redirectUri = `http://127.0.0.1:${await findFreePort()}/callback`
        const env = await c.ok('environments:create', {
          settings: { name: `echo ${Math.random()}`, authUrl: echo.url, baseUrl: echo.url, clientId: 'c1', redirectUri },
          clientSecret: secret,
        })
        answers.push(env)
        answers.push(
          await c.call('http:send', {
            envId: env.id,
            method: 'POST',
            path: '/anything',
            auth: 'hmac',
            headers: { 'content-type': 'application/json', 'x-note': encodeURIComponent(secret) },
            body: JSON.stringify({ note: secret, list: [secret] }),
          }),
        )
        answers.push(
          await c.call('http:send', { envId: env.id, method: 'GET', path: `/q?secret=${encodeURIComponent(secret)}`, auth: 'hmac' }),
        )
        answers.push(await c.call('http:send', { envId: env.id, method: 'GET', path: `http://127.0.0.1:1/${encodeURIComponent(secret)}` }))
        // Errors that quote what the user typed.
        answers.push(await c.call('environments:update', { id: env.id, changes: { authUrl: `not a url ${secret}` } }))
        const list = await c.ok('log:list', {})
        answers.push(list)
        for (const summary of list.entries) {
          answers.push(await c.ok('log:get', { id: summary.id }))
          answers.push(await c.ok('log:curl', { id: summary.id, redacted: true }))
        }
        answers.push(await c.ok('log:saveHar', {}))
        answers.push(await c.ok('environments:saveFile', { includeSecrets: false }))
        for (const [i, a] of answers.entries()) expectNoForm(`bridge answer #${i}`, JSON.stringify(a), secret)
        expect(events.length).toBeGreaterThan(0)
        expectNoForm('a bridge event', JSON.stringify(events), secret)
        for (const file of await filesUnder(c.runtime.dataDir)) expectNoForm('a file in the data folder', file, secret)
        await c.ok('environments:delete', { id: env.id })
      }),
      { numRuns: 25 },
    )
  }, 120_000)
})

describe('CLI output contains no known secret in any form (fast-check)', () => {
  const saved = process.env.PARTNER_CLIENT_SECRET
  afterAll(() => {
    if (saved === undefined) delete process.env.PARTNER_CLIENT_SECRET
    else process.env.PARTNER_CLIENT_SECRET = saved
  })

  it('walkthrough against a server that echoes the secret back in its token error', async () => {
    await fc.assert(
      fc.asyncProperty(secretArb, async secret => {
        current = secret
        process.env.PARTNER_CLIENT_SECRET = secret
        const dir = await mkdtemp(join(tmpdir(), 'pc-cli-redaction-'))
        let out = ''
        const sink = (): NodeJS.WritableStream =>
          ({
            write: (chunk: string | Buffer) => {
              out += String(chunk)
              return true
            },
          }) as unknown as NodeJS.WritableStream
        try {
          const redirectUri = `http://127.0.0.1:${await findFreePort()}/callback`
          const code = await runWalkthroughCommand(
            [
              ...['--auth-url', echo.url, '--base-url', echo.url, '--client-id', 'c1', '--redirect-uri', redirectUri],
              ...['--auto-consent', '--timeout', '20', '--har', join(dir, 'run.har'), '--data-dir', dir],
            ],
            { stdout: sink(), stderr: sink() },
          )
          expect(code).toBe(1)
          expect(out).toContain('[2/6] Exchanging the code for tokens… failed')
          expect(out).toContain('[redacted:client_secret:')
          expectNoForm('CLI output', out, secret)
          for (const file of await filesUnder(dir)) expectNoForm('a file the CLI wrote', file, secret)
        } finally {
          await rm(dir, { recursive: true, force: true })
        }
      }),
      { numRuns: 8 },
    )
  }, 120_000)
})
