import { spawn } from 'node:child_process'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../../src/main/cli/index'
import { SENT_SIGNATURES_DIR, SIGNATURE_LEDGER_ENV } from '../../../src/main/engine/http/folder-signatures'
import { createKeyFileCipher } from '../../../src/main/engine/vault/keyfile-cipher'
import { createRuntime } from '../../../src/main/runtime/create-runtime'
import { type RunningSandbox, startSandbox } from '../../../src/sandbox'
import { TextSink } from '../../support/in-process-cli'

/**
 * Two `partner-console request` runs that send the same HMAC-signed request one after the other, or at the same
 * moment, on one data folder or on different ones, must not send the same signature: the sandbox refuses a replayed
 * one with 401. Each run is a fresh runtime (in-process runs share only the user's ledger of sent signatures; the last
 * tests use real processes), started at the beginning of a wall-clock second so both would sign in the same second
 * without the ledger.
 */

const RUN_CLI = join(import.meta.dirname, '../networks/run-cli.ts')
const clientId = 'loop-client'
const secret = 'loop-secret-5b1e9a'
let sandbox: RunningSandbox
let dataDir = ''

beforeAll(async () => {
  sandbox = await startSandbox({
    quiet: true,
    clients: [{ clientId, clientSecret: secret, redirectUris: ['http://127.0.0.1:9/callback'] }],
  })
  dataDir = await mkdtemp(join(tmpdir(), 'pc-loop-'))
  const runtime = await createRuntime({
    transport: 'web',
    version: 'test',
    dataDir,
    cipher: createKeyFileCipher(join(dataDir, 'vault.key')),
    sandbox: false,
  })
  const created = await runtime.registry.dispatch(
    'environments:create',
    {
      settings: {
        name: 'Partner',
        authUrl: sandbox.url,
        baseUrl: sandbox.url,
        clientId,
        redirectUri: 'http://127.0.0.1:9/callback',
        catchMode: 'paste',
      },
      clientSecret: secret,
      acceptUnprotectedStorage: true,
    },
    { transport: 'web' },
  )
  expect(created.ok).toBe(true)
  await runtime.close()
})
afterAll(async () => {
  delete process.env.PARTNER_CLIENT_SECRET
  await sandbox.close()
  await rm(dataDir, { recursive: true, force: true })
})

const SIGNED = ['request', 'POST', '/pos/v2/lookup/tickets', '--auth', 'hmac', '--header', 'content-type: application/json']
const BODY = ['--body', '{"ticketIds":["T-loop"]}']

async function run(args: string[]) {
  const stdout = new TextSink()
  const stderr = new TextSink()
  const code = await main(args, { stdout, stderr })
  return { code, out: stdout.text, err: stderr.text }
}

/** Waits for the start of the next wall-clock second: the clock is the subject here (signatures are per second). */
function freshSecond(): Promise<void> {
  return new Promise(resolve => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5))
}

function status(out: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/m.exec(out)?.[1])
}

describe('repeated CLI runs never resend a signature', () => {
  it('--env: the second run on the same data folder sees the first run’s signature and signs in the next second', async () => {
    await freshSecond()
    const started = Date.now()
    const first = await run([...SIGNED, ...BODY, '--env', 'Partner', '--data-dir', dataDir])
    const second = await run([...SIGNED, ...BODY, '--env', 'Partner', '--data-dir', dataDir])
    expect([status(first.out), status(second.out)]).toEqual([200, 200])
    expect(second.err).toBe('')
    // Both runs together took one second at most: the second waited out the second the first signed in, no more.
    expect(Date.now() - started).toBeLessThan(3000)
    // What the user's ledger keeps is a digest per signature, never the signature itself; the data folder keeps none.
    const kept = await readdir(process.env[SIGNATURE_LEDGER_ENV] as string)
    expect(kept.length).toBeGreaterThanOrEqual(2)
    for (const name of kept) expect(name).toMatch(/^[0-9a-f]{40}$/)
    await expect(readdir(join(dataDir, SENT_SIGNATURES_DIR))).rejects.toThrow(/ENOENT/)
  })

  it('flags (a temporary data folder each run) and --env runs, interleaved in one second, never resend a signature', async () => {
    process.env.PARTNER_CLIENT_SECRET = secret
    await freshSecond()
    const flags = ['--base-url', sandbox.url, '--client-id', clientId]
    const results = []
    for (const where of [flags, flags, ['--env', 'Partner', '--data-dir', dataDir], flags]) {
      results.push(await run([...SIGNED, ...BODY, ...where]))
    }
    expect(results.map(r => status(r.out))).toEqual([200, 200, 200, 200])
    expect(results.map(r => r.err)).toEqual(['', '', '', ''])
  })

  it('real CLI processes, back to back (--env and flags) and two at once, all get 200, never a 401', async () => {
    const cli = (args: string[]) =>
      new Promise<{ code: number | null; out: string }>(resolve => {
        const child = spawn(process.execPath, ['--import', 'tsx', RUN_CLI, ...args], {
          env: { ...process.env, PARTNER_CLIENT_SECRET: secret, NO_COLOR: '1' },
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        let out = ''
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString()
        })
        child.stderr.on('data', (d: Buffer) => {
          out += d.toString()
        })
        child.on('close', code => resolve({ code, out }))
      })
    await freshSecond()
    const envArgs = [...SIGNED, ...BODY, '--env', 'Partner', '--data-dir', dataDir]
    const flagArgs = [...SIGNED, ...BODY, '--base-url', sandbox.url, '--client-id', clientId]
    for (const args of [envArgs, flagArgs]) {
      const a = await cli(args)
      const b = await cli(args)
      expect([a.code, b.code, status(a.out), status(b.out)]).toEqual([0, 0, 200, 200])
    }
    // Two runs at the same moment, each on a temporary folder of its own: one signs in the next second.
    await freshSecond()
    const together = await Promise.all([cli(flagArgs), cli(flagArgs)])
    expect(together.map(r => [r.code, status(r.out)])).toEqual([
      [0, 200],
      [0, 200],
    ])
  }, 90_000)
})
