import { createHmac } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../../../src/main/cli/index'
import type { CliIo } from '../../../../src/main/cli/io'
import { runSignCommand } from '../../../../src/main/cli/sign-command'
import { runVerifyCommand } from '../../../../src/main/cli/verify-command'

function capture(): CliIo & { out: () => string; err: () => string } {
  const chunks = { out: [] as string[], err: [] as string[] }
  const sink = (into: string[]) =>
    new Writable({
      write(chunk, _enc, done) {
        into.push(String(chunk))
        done()
      },
    })
  return { stdout: sink(chunks.out), stderr: sink(chunks.err), out: () => chunks.out.join(''), err: () => chunks.err.join('') }
}

const ENV = { PARTNER_CLIENT_SECRET: 's3cr3t-key' }
const BASE = ['--client-id', 'client-abc', '--method', 'get', '--path', '/API/V1/Export/42/Tickets?x=1', '--timestamp', '1700000123']
// printf '%s' 'client-abcGET/api/v1/export/42/tickets1700000123' | openssl dgst -sha256 -hmac 's3cr3t-key'
const OPENSSL = 'a4038a161fa34c9590cca53286ac70b43640e27f25c15a3886a99fc223065c3d'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pc-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('partner-console sign', () => {
  it('prints the parts, the canonical string, the signature and the headers', async () => {
    const io = capture()
    expect(await runSignCommand(BASE, io, ENV)).toBe(0)
    const out = io.out()
    expect(out).toContain('query string dropped; path lowercased')
    expect(out).toContain('client-abcGET/api/v1/export/42/tickets1700000123')
    expect(out).toContain(`x-signature: ${OPENSSL}`)
    expect(out).toContain('x-timestamp: 1700000123')
    expect(io.err()).toBe('')
  })

  it('prints { canonical, parts, signature, headers } with --json', async () => {
    const io = capture()
    expect(await runSignCommand([...BASE, '--json'], io, ENV)).toBe(0)
    const json = JSON.parse(io.out())
    expect(Object.keys(json)).toEqual(['canonical', 'parts', 'signature', 'headers'])
    expect(json.signature).toBe(OPENSSL)
    expect(json.parts.map((p: { name: string }) => p.name)).toEqual(['client_id', 'method', 'path', 'body', 'timestamp'])
    expect(json.headers).toEqual({ 'x-access-key': 'client-abc', 'x-timestamp': '1700000123', 'x-signature': OPENSSL })
  })

  it('warns that --client-secret lands in shell history, and still signs', async () => {
    const io = capture()
    expect(await runSignCommand([...BASE, '--client-secret', 's3cr3t-key', '--json'], io, {})).toBe(0)
    expect(io.err()).toMatch(/shell history/)
    expect(JSON.parse(io.out()).signature).toBe(OPENSSL)
  })

  it('fails clearly without a secret', async () => {
    const io = capture()
    expect(await runSignCommand(BASE, io, {})).toBe(2)
    expect(io.err()).toMatch(/PARTNER_CLIENT_SECRET/)
    expect(io.out()).toBe('')
  })

  it('signs a body file byte for byte, trailing newline included', async () => {
    const file = join(dir, 'body.json')
    await writeFile(file, '{"locationId":42}\n')
    const io = capture()
    const argv = ['--client-id', 'c', '--method', 'POST', '--path', '/p', '--body-file', file, '--timestamp', '1700000000', '--json']
    expect(await runSignCommand(argv, io, ENV)).toBe(0)
    const expected = createHmac('sha256', 's3cr3t-key').update('cPOST/p{"locationId":42}\n1700000000').digest('hex')
    expect(JSON.parse(io.out()).signature).toBe(expected)
  })

  it('refuses a timestamp in milliseconds and both --body and --body-file', async () => {
    const ms = capture()
    expect(await runSignCommand([...BASE.slice(0, -2), '--timestamp', '1700000123000'], ms, ENV)).toBe(2)
    expect(ms.err()).toMatch(/milliseconds/)
    const both = capture()
    expect(await runSignCommand([...BASE, '--body', 'x', '--body-file', join(dir, 'none')], both, ENV)).toBe(2)
    expect(both.err()).toMatch(/not both/)
  })

  it('is reachable through the CLI entry, which exits 2 on an unknown option', async () => {
    const previous = process.env.PARTNER_CLIENT_SECRET
    process.env.PARTNER_CLIENT_SECRET = 's3cr3t-key'
    try {
      const io = capture()
      expect(await main(['sign', ...BASE, '--json'], io)).toBe(0)
      expect(JSON.parse(io.out()).signature).toBe(OPENSSL)
      const bad = capture()
      expect(await main(['sign', ...BASE, '--bogus'], bad)).toBe(2)
    } finally {
      if (previous === undefined) delete process.env.PARTNER_CLIENT_SECRET
      else process.env.PARTNER_CLIENT_SECRET = previous
    }
  })
})

describe('partner-console verify', () => {
  it('exits 0 for a valid signature', async () => {
    const io = capture()
    expect(await runVerifyCommand([...BASE, '--signature', OPENSSL], io, ENV)).toBe(0)
    expect(io.out()).toMatch(/^VALID/)
  })

  it('exits 1 and names the mistake for a wrong one', async () => {
    // The same request signed with the query string included (lowercased along with the path).
    const wrong = createHmac('sha256', 's3cr3t-key').update('client-abcGET/api/v1/export/42/tickets?x=11700000123').digest('hex')
    const io = capture()
    expect(await runVerifyCommand([...BASE, '--signature', wrong], io, ENV)).toBe(1)
    expect(io.out()).toMatch(/^NOT VALID/)
    expect(io.out()).toContain('✔ query string included')
    const json = capture()
    expect(await runVerifyCommand([...BASE, '--signature', wrong, '--json'], json, ENV)).toBe(1)
    const result = JSON.parse(json.out())
    expect(result.valid).toBe(false)
    expect(result.diagnosis[0]).toMatchObject({ id: 'query-included', reproduces: true })
    expect(json.out()).not.toContain('s3cr3t-key')
  })

  it('checks the 10 s lifetime when asked with --now', async () => {
    const io = capture()
    expect(await runVerifyCommand([...BASE, '--signature', OPENSSL, '--now', '1700000200'], io, ENV)).toBe(1)
    expect(io.out()).toContain('stale timestamp')
  })

  it('exits 2 when the signature is missing', async () => {
    const io = capture()
    expect(await runVerifyCommand(BASE, io, ENV)).toBe(2)
    expect(io.err()).toMatch(/--signature is required/)
  })
})
