import { randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { findFreePort } from '../../../src/main/runtime/free-port'
import { startSandbox } from '../../../src/sandbox'
import { addEnvironment, browse, removeDir, startConsole } from './auth-harness'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

/** Tees everything written to stdout/stderr (log lines of the engine and the sandbox) while the test runs. */
function captureOutput(): { text: () => string; restore: () => void } {
  const chunks: string[] = []
  const out = process.stdout.write.bind(process.stdout)
  const err = process.stderr.write.bind(process.stderr)
  const tee = (write: typeof out) =>
    ((chunk: unknown, ...rest: unknown[]) => {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'))
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest)
    }) as typeof out
  process.stdout.write = tee(out)
  process.stderr.write = tee(err)
  return {
    text: () => chunks.join(''),
    restore: () => {
      process.stdout.write = out
      process.stderr.write = err
    },
  }
}

describe('canary client secret', () => {
  it('never appears in a bridge event, a bridge answer, a log line, an error, a file or an export', async () => {
    const canary = `sbx_secret_CANARY_${randomBytes(12).toString('hex')}`
    const output = captureOutput()
    cleanups.push(async () => output.restore())
    const port = await findFreePort()
    const redirectUri = `http://127.0.0.1:${port}/callback`
    const sandbox = await startSandbox({
      quiet: false,
      printBanner: false,
      logger: line => process.stderr.write(`${line}\n`),
      autoConsent: 'allow',
      clients: [{ clientId: 'canary-client', clientSecret: canary, redirectUris: [redirectUri] }],
    })
    cleanups.push(() => sandbox.close())
    // A token endpoint that echoes the whole request body (secret included) in its error: the worst case for leaks.
    const echo = createServer((req, res) => {
      let body = ''
      req.on('data', c => {
        body += c
      })
      req.on('end', () => {
        res.writeHead(400, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: 'invalid_request', error_description: `you sent ${body}` }))
      })
    })
    await new Promise<void>(resolve => echo.listen(0, '127.0.0.1', () => resolve()))
    cleanups.push(() => new Promise(resolve => echo.close(resolve)))
    const echoUrl = `http://127.0.0.1:${(echo.address() as { port: number }).port}`

    const c = await startConsole()
    cleanups.push(() => removeDir(c.dataDir))
    cleanups.push(() => c.close())
    const answers: unknown[] = []
    const call: typeof c.call = async (channel, payload) => {
      const result = await c.call(channel, payload)
      answers.push(result)
      return result
    }

    const envId = await addEnvironment(c, { url: sandbox.url, clientId: 'canary-client', clientSecret: canary, redirectUri })
    await call('environments:list', {})
    await call('environments:get', { id: envId })
    const start = await call('oauth:start', {})
    expect(start.ok).toBe(true)
    if (!start.ok) return
    const page = await browse(start.value.authorizeUrl)
    expect(page.body).toContain('Authorization complete')
    expect(page.body).not.toContain(canary)
    await call('oauth:refresh', {})
    await call('oauth:status', {})
    await call('environments:duplicate', { id: envId })

    const echoEnv = await c.ok('environments:create', {
      settings: { name: 'Echo', authUrl: echoUrl, baseUrl: echoUrl, clientId: 'canary-client', redirectUri, catchMode: 'paste' },
      clientSecret: canary,
    })
    await call('environments:setActive', { id: echoEnv.id })
    await call('oauth:start', {})
    const failed = await call('oauth:pasteRedirect', { input: 'sbx_ac_a-code-for-the-echo-server' })
    expect(failed.ok).toBe(false)
    await call('oauth:status', {})
    const exported = await call('environments:saveFile', {})
    expect(exported.ok).toBe(true)
    let tokenCallsLogged = -1
    if (c.runtime.registry.has('log:list')) {
      // The network log (requests part) records the token calls made through sendHttp: read it as the UI would.
      const page = await call('log:list', { limit: 1000 })
      if (page.ok) {
        tokenCallsLogged = page.value.entries.filter(e => e.purpose === 'oauth-token').length
        for (const entry of page.value.entries) {
          await call('log:get', { id: entry.id })
          await call('log:curl', { id: entry.id })
        }
      }
      await call('log:saveHar', {})
    }
    await c.close()

    // Every file in the data folder, in sub-folders too (sent-signatures/ holds one file per signature sent), and
    // their names: none may hold the canary.
    const entries = await readdir(c.dataDir, { recursive: true, withFileTypes: true })
    const files = entries.filter(e => e.isFile() && !e.name.endsWith('.key')).map(e => join(e.parentPath, e.name))
    const fileText = [...files, ...(await Promise.all(files.map(f => readFile(f, 'utf8'))))].join('\n')
    const haystacks = {
      events: JSON.stringify(c.events),
      answers: JSON.stringify(answers),
      output: output.text(),
      files: fileText,
    }
    for (const [where, text] of Object.entries(haystacks)) expect(text.includes(canary), `canary found in ${where}`).toBe(false)
    // The haystacks are not empty: the flow really happened and the echo's error really came back (redacted).
    expect(haystacks.events).toContain('"step":"done"')
    expect(haystacks.answers).toContain('[redacted:client_secret:')
    expect(haystacks.output.length).toBeGreaterThan(0)
    expect(JSON.parse(exported.ok ? exported.value.content : '{}').environments.length).toBe(3)
    if (tokenCallsLogged >= 0) expect(tokenCallsLogged).toBe(3)
  })
})
