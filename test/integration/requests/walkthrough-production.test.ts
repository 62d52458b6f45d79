import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../../src/main/cli/index'
import { createKeyFileCipher } from '../../../src/main/engine/vault/keyfile-cipher'
import { createRuntime } from '../../../src/main/runtime/create-runtime'
import { findFreePort } from '../../../src/main/runtime/free-port'
import { type RunningSandbox, startSandbox } from '../../../src/sandbox'
import { TextSink } from '../../support/in-process-cli'

let dir = ''
let server: RunningSandbox
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pc-prod-'))
  const redirectUri = `http://127.0.0.1:${await findFreePort()}/callback`
  const clientId = `prod-${randomBytes(3).toString('hex')}`
  const secret = `prod-secret-${randomBytes(8).toString('hex')}`
  server = await startSandbox({
    quiet: true,
    autoConsent: 'allow',
    clients: [{ clientId, clientSecret: secret, redirectUris: [redirectUri] }],
  })
  // The environment is saved by a console on the same data folder, as a user would have done in the UI.
  const runtime = await createRuntime({
    transport: 'web',
    version: 'test',
    dataDir: dir,
    cipher: createKeyFileCipher(join(dir, 'vault.key')),
    sandbox: false,
    heartbeatMs: 3_600_000,
  })
  const created = await runtime.registry.dispatch(
    'environments:create',
    {
      settings: { name: 'Acme production', authUrl: server.url, baseUrl: server.url, clientId, redirectUri, production: true },
      clientSecret: secret,
      acceptUnprotectedStorage: true,
    },
    { transport: 'web' },
  )
  expect(created.ok).toBe(true)
  await runtime.close()
})
afterAll(async () => {
  await server?.close()
  await rm(dir, { recursive: true, force: true })
})

async function walk(...args: string[]) {
  const out = new TextSink()
  const err = new TextSink()
  const code = await main(['walkthrough', '--env', 'Acme production', '--data-dir', dir, '--auto-consent', ...args], {
    stdout: out,
    stderr: err,
  })
  return { code, out: out.text }
}

describe('partner-console walkthrough against a production environment', () => {
  it('stops at the install without the typed name, saying what to type and offering the sandbox', async () => {
    const run = await walk()
    expect(run.code).toBe(1)
    expect(run.out).toMatch(/\[3\/6\] Listing locations… ok/)
    expect(run.out).toMatch(
      /\[4\/6\] Installing the integration… failed .*"Acme production" is a production environment: POST changes its data and needs a typed confirmation\./,
    )
    expect(run.out).toMatch(
      /hint: Type the environment's name \("Acme production"\) to confirm, or run the same request against the built-in sandbox first/,
    )
    expect(
      (await fetch(`${server.url}/_sandbox/installations`, { headers: { 'x-sandbox-admin-token': server.adminToken } }).then(r =>
        r.json(),
      )) as unknown[],
    ).toEqual([])
  })

  it('installs with --confirm-production and the exact name', async () => {
    const run = await walk('--confirm-production', 'Acme production')
    expect(run.out).toMatch(/\[4\/6\] Installing the integration… ok \(204 at location/)
    expect(run.code).toBe(0)
  })
})
