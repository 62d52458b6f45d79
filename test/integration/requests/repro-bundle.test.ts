import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../../src/main/cli/index'
import { BUNDLE_TIMELINE_MAX, type ReplayReport, type ReproBundle } from '../../../src/shared/contract'
import { TextSink } from '../../support/in-process-cli'
import { startAuthorizedConsole, startTestConsole } from './support'

async function run(...argv: string[]) {
  const out = new TextSink()
  const err = new TextSink()
  const code = await main(argv, { stdout: out, stderr: err })
  return { code, out: out.text, err: err.text }
}

const SANDBOX_SECRET = /sbx_(secret|at|rt|ac|admin)_[A-Za-z0-9_-]/
let dir = ''
let normal = ''
let partial = ''
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pc-bundle-'))
  normal = join(dir, 'normal.json')
  partial = join(dir, 'partial.json')
  const a = await run('walkthrough', '--sandbox', '--bundle', normal, '--note', 'merchant M-1001 reports nothing')
  expect(a.code, a.out + a.err).toBe(0)
  expect(a.out).toMatch(/Repro bundle: \d+ entries in .*normal\.json/)
  const b = await run('walkthrough', '--sandbox', '--scenario', 'partial-consent', '--bundle', partial, '--note', 'install refused')
  expect(b.code).toBe(1)
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('repro bundles', () => {
  it('walkthrough --bundle writes the sanitized HAR, the environment without secrets, skew, quotas, fingerprints, lifecycle, version, note', async () => {
    const text = await readFile(normal, 'utf8')
    expect(text).not.toMatch(SANDBOX_SECRET)
    const bundle = JSON.parse(text) as ReproBundle
    expect(bundle).toMatchObject({ format: 'partner-console-repro-bundle', version: 1, note: 'merchant M-1001 reports nothing' })
    expect(bundle.consoleVersion).toMatch(/^\d+\.\d+\.\d+/)
    expect(bundle.environment).toMatchObject({ name: 'Sandbox (built-in)', builtIn: true, clientId: 'partner-console-builtin' })
    expect(Object.keys(bundle.environment ?? {})).not.toContain('clientSecret')
    expect(bundle.tokens.access?.fingerprint).toMatch(/^[0-9a-f]{8}$/)
    expect(bundle.tokens.access?.permissions).toEqual(['read:locations', 'write:installations'])
    expect(bundle.tokens.refresh?.fingerprint).toMatch(/^[0-9a-f]{8}$/)
    expect(bundle.lifecycle.map(l => l.state)).toContain('access-token-valid')
    expect(bundle.quotas.length).toBeGreaterThan(0)
    expect(bundle.clockSkew).not.toBeNull()
    const methods = (bundle.har.log.entries as Array<{ request: { method: string; url: string } }>).map(e => e.request.method)
    expect(methods).toEqual(expect.arrayContaining(['POST', 'GET']))
    const tokenCall = (bundle.har.log.entries as Array<{ request: { url: string; postData?: { text: string } } }>).find(e =>
      e.request.url.includes('/oauth2/token'),
    )
    expect(tokenCall?.request.postData?.text).toMatch(/"code": ?"\[redacted:code:[0-9a-f]{8}\]"/)
  })

  it('opens a bundle read-only with its timeline, and explains a file that is not one', async () => {
    const c = await startTestConsole()
    try {
      const before = (await c.ok('log:list', {})).total
      const opened = await c.ok('bundle:open', { text: await readFile(normal, 'utf8') })
      expect(opened.bundle.note).toBe('merchant M-1001 reports nothing')
      const written = JSON.parse(await readFile(normal, 'utf8')) as { har: { log: { entries: unknown[] } } }
      expect(opened.entries).toBe(written.har.log.entries.length)
      expect(opened.timeline.length).toBe(opened.entries)
      expect(opened.bundle).not.toHaveProperty('har')
      expect(opened.timeline.map(t => t.status)).toEqual(expect.arrayContaining([200, 204]))
      expect((await c.ok('log:list', {})).total).toBe(before)
      const bad = await c.call('bundle:open', { text: '{"format":"something-else"}' })
      expect(bad.ok).toBe(false)
      if (!bad.ok) expect(bad.error.message).toMatch(/^This file is not a repro bundle this console can read: format/)
    } finally {
      await c.close()
    }
  })

  it('replay FILE --sandbox: fresh tokens and signatures, every status the same, exit 0', async () => {
    const r = await run('replay', normal, '--sandbox')
    expect(r.code, r.out + r.err).toBe(0)
    expect(r.out).toMatch(/^Replaying \d+ entries \(“merchant M-1001 reports nothing”\) against Sandbox \(built-in\)/)
    expect(r.out).toMatch(/POST \/oauth2\/token\/? +200 → — +skipped \(token exchanges are not replayed/)
    // The locations list is the same data: the bundle keeps a location's address.state (only OAuth's state is masked).
    expect(r.out).toMatch(/GET \/marketplace\/v2\/platform-token\/locations +200 → 200 +same/)
    expect(r.out).toMatch(/POST \/marketplace\/v2\/platform-token\/installations +204 → 204 +same/)
    expect(r.out).toMatch(/GET \/api\/v1\/export\/\d+\/tickets\?.* +200 → 200 +(same|different body)/)
    expect(r.out).toMatch(/Summary: \d+ same, 0 different status, \d+ different body, 0 failed, \d+ skipped\./)
    expect(r.out).not.toMatch(SANDBOX_SECRET)
  })

  it('replay --json exits 1 when a status differs: the 403 of a partial consent is a 204 on a normal sandbox', async () => {
    const r = await run('replay', partial, '--sandbox', '--json')
    expect(r.code).toBe(1)
    const report = JSON.parse(r.out) as ReplayReport
    const install = report.entries.find(e => e.path.endsWith('/installations'))
    expect(install).toMatchObject({ outcome: 'different-status', original: { status: 403 }, replay: { status: 204 } })
    expect(report.summary.differentStatus).toBe(1)
    expect(install?.original.logId).toBeTruthy()
    expect(install?.replay.logId).toBeTruthy()
  })

  it('replays a bundle longer than the network log holds: every entry is compared with its own original', async () => {
    const bundle = JSON.parse(await readFile(normal, 'utf8')) as ReproBundle
    const entries = bundle.har.log.entries as Array<{ request: { method: string; url: string } }>
    const locations = entries.find(e => e.request.method === 'GET' && e.request.url.endsWith('/platform-token/locations'))
    expect(locations).toBeTruthy()
    const long = { ...bundle, har: { ...bundle.har, log: { ...bundle.har.log, entries: Array.from({ length: 30 }, () => locations) } } }
    const c = await startAuthorizedConsole()
    try {
      // A log of 10 entries: each resend evicts older entries, the originals among them.
      await c.ok('log:configure', { capacity: 10 })
      const report = await c.ok('bundle:replay', { text: JSON.stringify(long) })
      expect(report.summary).toMatchObject({ same: 30, failed: 0, differentStatus: 0 })
      expect(new Set(report.entries.map(e => e.original.logId)).size).toBe(30)
      expect((await c.ok('log:list', {})).size).toBe(10)
    } finally {
      await c.close()
    }
  })

  it('opens a bundle of more exchanges than the timeline shows as a bounded answer: the count, the first rows, no entries', async () => {
    const bundle = JSON.parse(await readFile(normal, 'utf8')) as ReproBundle
    const first = bundle.har.log.entries[0] as { request: { method: string; url: string } }
    const entries = Array.from({ length: BUNDLE_TIMELINE_MAX + 500 }, (_, i) => ({
      ...first,
      request: { ...first.request, url: `${first.request.url}?n=${i}` },
    }))
    const large = { ...bundle, har: { ...bundle.har, log: { ...bundle.har.log, entries } } }
    const c = await startTestConsole()
    try {
      const opened = await c.ok('bundle:open', { text: JSON.stringify(large) })
      expect(opened.entries).toBe(BUNDLE_TIMELINE_MAX + 500)
      expect(opened.timeline.map(t => t.index)).toEqual(Array.from({ length: BUNDLE_TIMELINE_MAX }, (_, i) => i))
      expect(opened.timeline.at(-1)?.url).toBe(`${first.request.url}?n=${BUNDLE_TIMELINE_MAX - 1}`)
      expect(opened.bundle.note).toBe(bundle.note)
      expect(opened.bundle).not.toHaveProperty('har')
    } finally {
      await c.close()
    }
  })

  it('replays a plain HAR too, and refuses what is neither', async () => {
    const har = join(dir, 'plain.har')
    await writeFile(har, JSON.stringify((JSON.parse(await readFile(normal, 'utf8')) as ReproBundle).har))
    const r = await run('replay', har)
    expect(r.code, r.out + r.err).toBe(0)
    expect(r.out).toContain('(“from a HAR file”)')
    const junk = join(dir, 'junk.txt')
    await writeFile(junk, 'not json')
    const j = await run('replay', junk)
    expect(j.code).toBe(1)
    expect(j.err).toContain('neither a repro bundle nor a HAR')
    expect((await run('replay')).code).toBe(2)
  })
})
