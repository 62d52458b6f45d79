import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DRAFTS_FILE } from '../../../src/main/engine/requests/drafts/draft-store'
import { SENT_HISTORY_FILE } from '../../../src/main/engine/requests/drafts/sent-history'
import { createKeyFileCipher } from '../../../src/main/engine/vault/keyfile-cipher'
import { createRuntime, type Runtime } from '../../../src/main/runtime/create-runtime'
import type { BridgeResult, ChannelName, DraftTab, RequestOf, ResponseOf } from '../../../src/shared/contract'

// The composer's tabs and its history as the engine keeps them: a restart is a new runtime on the same data folder.

const dirs: string[] = []
const open: Runtime[] = []
afterEach(async () => {
  for (const r of open.splice(0)) await r.close()
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})

async function start(dataDir: string) {
  const runtime = await createRuntime({
    transport: 'web',
    version: 'test',
    dataDir,
    cipher: createKeyFileCipher(join(dataDir, 'vault.key')),
    heartbeatMs: 60_000,
    sandboxAutoConsent: 'allow',
  })
  open.push(runtime)
  const call = <C extends ChannelName>(channel: C, payload: RequestOf<C>) =>
    runtime.registry.dispatch(channel, payload, { transport: 'web' }) as Promise<BridgeResult<ResponseOf<C>>>
  const ok = async <C extends ChannelName>(channel: C, payload: RequestOf<C>): Promise<ResponseOf<C>> => {
    const result = await call(channel, payload)
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`)
    return result.value
  }
  const stop = async () => {
    open.splice(open.indexOf(runtime), 1)
    await runtime.close()
  }
  return { runtime, call, ok, stop }
}

async function folder(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), 'pc-drafts-'))
  dirs.push(d)
  return d
}

const tab = (id: string, patch: Partial<DraftTab['draft']> = {}): DraftTab => ({
  id,
  edited: true,
  origin: { kind: 'new' },
  draft: { method: 'GET', target: 'api', path: '', params: {}, query: [], headers: [], body: '', auth: 'bearer', ...patch },
})

describe('tabs of drafts kept by the engine', () => {
  it('survive a restart on the same data folder, in order, with the one in front, half-typed rows included', async () => {
    const dir = await folder()
    const a = await start(dir)
    expect(await a.ok('drafts:load', {})).toMatchObject({ tabs: [], activeId: null, movedAside: null })
    const tabs = [
      tab('t1', { path: '/pos/v2/{locationId}/checks', params: { locationId: '1001' } }),
      tab('t2', { method: 'POST', path: '/pos/v2/lookup/tickets', body: '{"ticketIds": ["T-', auth: 'hmac' }),
      tab('t3', { headers: [{ name: 'x-half', value: '', enabled: false }] }),
    ]
    await a.ok('drafts:save', { workspace: { tabs, activeId: 't2' } })
    // The last of a burst of saves is what is kept.
    const reordered = [tabs[2], tabs[0], tabs[1]] as DraftTab[]
    const saved = await a.ok('drafts:save', { workspace: { tabs: reordered, activeId: 't3' } })
    expect(saved.problem).toBeNull()
    await a.stop()
    expect((await stat(join(dir, DRAFTS_FILE))).mode & 0o777).toBe(0o600)

    const b = await start(dir)
    const loaded = await b.ok('drafts:load', {})
    expect(loaded.tabs).toEqual(reordered)
    expect(loaded.activeId).toBe('t3')
  })

  it('writes a header value that is a known secret redacted, never in clear', async () => {
    const dir = await folder()
    const a = await start(dir)
    const secret = a.runtime.sandbox?.client.clientSecret as string
    const adminToken = a.runtime.sandbox?.adminToken as string
    await a.ok('drafts:save', {
      workspace: {
        activeId: 't1',
        tabs: [
          tab('t1', {
            headers: [{ name: 'x-client-secret', value: secret, enabled: true }],
            query: [{ name: 'k', value: adminToken, enabled: true }],
            body: `{"client_secret": "${secret}"}`,
          }),
        ],
      },
    })
    await a.stop()
    const text = await readFile(join(dir, DRAFTS_FILE), 'utf8')
    expect(text).not.toContain(secret)
    expect(text).not.toContain(adminToken)
    const b = await start(dir)
    const [loaded] = (await b.ok('drafts:load', {})).tabs
    expect(loaded?.draft.headers[0]?.value).toMatch(/^\[redacted:client_secret:[0-9a-f]{8}\]$/)
  })

  it('moves an unreadable file aside and starts with no tabs, instead of failing or overwriting it', async () => {
    const dir = await folder()
    await writeFile(join(dir, DRAFTS_FILE), '{"format":"partner-console-drafts","version":1,"workspace":{"tabs":[{"id":')
    const a = await start(dir)
    const loaded = await a.ok('drafts:load', {})
    expect(loaded.tabs).toEqual([])
    expect(loaded.movedAside).toMatch(/drafts\.json\.corrupt-/)
    expect(await readFile(loaded.movedAside as string, 'utf8')).toContain('"tabs":[{"id":')
  })

  it('refuses a workspace that is not one (hostile sizes and shapes) without touching the kept tabs', async () => {
    const dir = await folder()
    const a = await start(dir)
    await a.ok('drafts:save', { workspace: { tabs: [tab('keep')], activeId: 'keep' } })
    const tooMany = Array.from({ length: 101 }, (_, i) => tab(`t${i}`))
    const refused = await a.call('drafts:save', { workspace: { tabs: tooMany, activeId: null } })
    expect(refused.ok).toBe(false)
    const bad = await a.call('drafts:save', { workspace: { tabs: [{ ...tab('x'), draft: { method: 'GET' } }], activeId: null } } as never)
    expect(bad.ok).toBe(false)
    expect((await a.ok('drafts:load', {})).tabs.map(t => t.id)).toEqual(['keep'])
  })
})

describe('history of sent requests', () => {
  it('records every composer send, searchable by method, status and text, and keeps it across a restart', async () => {
    const dir = await folder()
    const a = await start(dir)
    await a.ok('requests:send', { request: { method: 'GET', path: '/api/v1/locations/', auth: 'none' } })
    await a.ok('requests:send', {
      request: {
        method: 'POST',
        path: '/pos/v2/lookup/tickets',
        headers: [{ name: 'content-type', value: 'application/json', enabled: true }],
        body: '{"ticketIds":["T-needle-7"]}',
        auth: 'hmac',
      },
    })
    await a.ok('requests:send', { request: { method: 'GET', path: '/no/such/path', auth: 'none' } })
    // A request that leaves and gets no answer: recorded as failed.
    const closed = await freePort()
    await a.call('requests:send', { request: { method: 'GET', path: `http://127.0.0.1:${closed}/gone`, auth: 'none' } })

    const all = await a.ok('drafts:history', {})
    expect(all.total).toBe(4)
    expect(all.items.map(i => i.status)).toEqual([0, 404, 200, 401])
    const search = async (query: string) => (await a.ok('drafts:history', { query })).items.map(i => i.request.path)
    expect(await search('POST')).toEqual(['/pos/v2/lookup/tickets'])
    expect(await search('method:get 4xx')).toEqual(['/no/such/path', '/api/v1/locations/'])
    expect(await search('4xx -LOCATIONS')).toEqual(['/no/such/path'])
    expect(await search('401')).toEqual(['/api/v1/locations/'])
    expect(await search('needle-7')).toEqual(['/pos/v2/lookup/tickets'])
    expect(await search('failed')).toEqual([`http://127.0.0.1:${closed}/gone`])
    expect(await search('post 2xx')).toEqual(['/pos/v2/lookup/tickets'])
    expect(await search('"ticket')).toEqual(['/pos/v2/lookup/tickets'])
    expect(await search('status:')).toEqual([])
    await a.stop()

    const b = await start(dir)
    expect((await b.ok('drafts:history', { query: 'tickets' })).items).toHaveLength(1)
    // Nothing secret in the history file: signatures and tokens are added at send, never kept in the request.
    const text = await readFile(join(dir, SENT_HISTORY_FILE), 'utf8')
    expect(text).not.toMatch(/x-signature|Bearer /i)
    expect((await readdir(dir)).filter(f => f.includes('.tmp-write'))).toEqual([])
  })

  it('does not record a send refused before it left (the production guard, an invalid request)', async () => {
    const dir = await folder()
    const a = await start(dir)
    const refused = await a.call('requests:send', { request: { method: 'GET', path: 'ftp://127.0.0.1/x', auth: 'none' } })
    expect(refused.ok).toBe(false)
    expect((await a.ok('drafts:history', {})).total).toBe(0)
  })
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}
