import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { findFreePort } from '../../../src/main/runtime/free-port'
import { ensureSandboxTls, startSandbox } from '../../../src/sandbox'
import { tempDir } from './support'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'run-cli.ts'), ...args], {
      cwd: join(import.meta.dirname, '../../..'),
      env: { ...process.env, ...env, HTTPS_PROXY: '', HTTP_PROXY: '', https_proxy: '', http_proxy: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString()
    })
    child.stderr.on('data', (c: Buffer) => {
      out += c.toString()
    })
    child.once('error', reject)
    child.once('exit', code => resolve({ code, out }))
  })
}

describe('NODE_EXTRA_CA_CERTS is honoured', () => {
  it('lets the walkthrough trust a private CA with no other setting, and the HAR says that is what trusted it', async () => {
    const tmp = await tempDir()
    cleanups.push(tmp.cleanup)
    const tls = await ensureSandboxTls(tmp.dir)
    const redirectUri = `http://127.0.0.1:${await findFreePort()}/callback`
    const client = { clientId: 'extra-ca-client', clientSecret: 'extra-ca-secret-0b7e', redirectUris: [redirectUri] }
    const sandbox = await startSandbox({ quiet: true, autoConsent: 'allow', clients: [client], tls: { cert: tls.cert, key: tls.key } })
    cleanups.push(() => sandbox.close())
    const har = join(tmp.dir, 'run.har')
    const flags = ['walkthrough', '--auth-url', sandbox.url, '--base-url', sandbox.url, '--client-id', client.clientId]
    const run = await runCli([...flags, '--redirect-uri', redirectUri, '--auto-consent', '--har', har], {
      PARTNER_CLIENT_SECRET: client.clientSecret,
      NODE_EXTRA_CA_CERTS: tls.caFile,
    })
    expect(run.out).toContain('Done: every step succeeded.')
    expect(run.code).toBe(0)
    const doc = JSON.parse(await readFile(har, 'utf8'))
    expect(doc.log.entries[0]._tls.trustedBy).toBe(`NODE_EXTRA_CA_CERTS (${tls.caFile})`)
  }, 60_000)
})
