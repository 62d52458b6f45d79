import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { Agent, fetch } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { runSandboxCommand } from '../../../src/main/cli/sandbox-command'
import { tempDir } from './support'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})

describe('partner-console sandbox --tls', () => {
  it('serves HTTPS from a local CA in the data folder and prints the CA file and how to trust it', async () => {
    const tmp = await tempDir()
    cleanups.push(tmp.cleanup)
    const stdout = new PassThrough()
    let out = ''
    const printed = new Promise<void>(resolve =>
      stdout.on('data', (c: Buffer) => {
        out += c.toString()
        if (out.includes('Press Ctrl-C')) resolve()
      }),
    )
    let stop!: () => void
    const stopped = new Promise<void>(r => {
      stop = r
    })
    const run = runSandboxCommand(['--tls', '--data-dir', tmp.dir, '--quiet'], { stdout, stderr: new PassThrough() }, stopped)
    await printed
    const caFile = join(tmp.dir, 'tls', 'sandbox-ca.pem')
    expect(out).toContain(`CA certificate: ${caFile}`)
    expect(out).toContain(`export NODE_EXTRA_CA_CERTS="${caFile}"`)
    expect(out).toContain('update-ca-certificates')
    expect(out).toContain('--ca')
    const url = out.match(/https:\/\/127\.0\.0\.1:\d+/)?.[0]
    expect(url).toBeDefined()
    const agent = new Agent({ connect: { ca: await readFile(caFile, 'utf8') } })
    try {
      const res = await fetch(`${url}/_sandbox/openapi.json`, { dispatcher: agent })
      expect(res.status).toBe(200)
      await res.arrayBuffer()
    } finally {
      await agent.close()
    }
    stop()
    expect(await run).toBe(0)
  })
})
