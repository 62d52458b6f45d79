import { describe, expect, it } from 'vitest'
import type { ComposerRequestInput, HttpExchangeView } from '../../../src/shared/contract'
import { authorizedConsoleForFile } from './support'

const tc = authorizedConsoleForFile()

const lookup = (ticket: string): ComposerRequestInput => ({
  method: 'POST',
  path: '/pos/v2/lookup/tickets',
  headers: [{ name: 'content-type', value: 'application/json', enabled: true }],
  body: JSON.stringify({ ticketIds: [ticket] }),
  auth: 'hmac',
})
const header = (x: HttpExchangeView, name: string) => x.requestHeaders.find(h => h.name === name)?.value

describe('the requests service against the sandbox', () => {
  it('sends a composed HMAC request signed at send, with the section 8 limit of its family', async () => {
    const x = await tc().ok('requests:send', { request: lookup('T-1') })
    expect(x.status).toBe(200)
    expect(JSON.parse(x.body).results[0]).toMatchObject({ ticketId: 'T-1', found: true })
    expect(x.signing?.canonical).toMatch(/^.+POST\/pos\/v2\/lookup\/tickets\{"ticketIds":\["T-1"\]\}\d+$/)
    expect(x.quota?.limit).toBe(500)
    expect(header(x, 'x-signature')).toMatch(/^\[redacted:/)
  })

  it('fills path parameters and sends bearer requests with the current token', async () => {
    const x = await tc().ok('requests:send', {
      request: {
        method: 'GET',
        path: '/pos/v2/{locationId}/checks/{checkId}',
        params: { locationId: '1001', checkId: 'chk-3' },
        auth: 'bearer',
      },
    })
    expect(x.status).toBe(200)
    expect(x.url).toMatch(/\/pos\/v2\/1001\/checks\/chk-3$/)
    expect(JSON.parse(x.body)).toMatchObject({ id: 'chk-1001-3' })
  })

  it('resends a bearer entry with the environment’s current token, refreshing after a 401', async () => {
    const first = await tc().ok('requests:send', { request: { method: 'GET', path: '/online-ordering/v2/orders', auth: 'bearer' } })
    const draft = await tc().ok('requests:fromLog', { id: first.logId })
    expect(draft.request).toMatchObject({ method: 'GET', target: 'api', path: '/online-ordering/v2/orders', auth: 'bearer' })
    expect(draft.request.headers.some(h => h.name.toLowerCase() === 'authorization')).toBe(false)
    await tc().ok('sandbox:expireTokens', {})
    const again = await tc().ok('requests:send', { request: draft.request })
    expect(again.status).toBe(200)
    expect(again.retriedAfter).toEqual(['401'])
    expect(header(again, 'authorization')).not.toBe(header(first, 'authorization'))
  })

  it('resends an HMAC entry re-signed (never the captured signature) and compares the two canonical strings', async () => {
    const first = await tc().ok('requests:send', { request: lookup('T-2') })
    const draft = await tc().ok('requests:fromLog', { id: first.logId })
    expect(draft.dropped).toEqual(expect.arrayContaining(['x-access-key', 'x-timestamp', 'x-signature']))
    const again = await tc().ok('requests:send', { request: draft.request })
    expect(again.status).toBe(200)
    expect(header(again, 'x-signature')).not.toBe(header(first, 'x-signature'))
    const cmp = await tc().ok('requests:compare', { a: first.logId, b: again.logId })
    expect(cmp.canonical?.parts.filter(p => !p.equal).map(p => p.name)).toEqual(['timestamp'])
    expect(cmp.requestBody).toMatchObject({ mode: 'json', equal: true })
    expect(cmp.status.equal).toBe(true)
  })

  it('the engine API replays a log entry with an edit, fresh credentials and the compare of both (the support bundles’ replay)', async () => {
    const first = await tc().ok('requests:send', { request: lookup('T-5') })
    const { service } = tc().runtime.engine.requests
    const replay = await service.resend(first.logId, {
      edit: r => ({ ...r, body: JSON.stringify({ ticketIds: ['T-6'] }) }),
    })
    expect(replay.view.status).toBe(200)
    expect(replay.draft.sourceId).toBe(first.logId)
    const cmp = service.compare(first.logId, replay.view.logId)
    expect(cmp.requestBody.differences).toEqual([{ pointer: '/ticketIds/0', kind: 'changed', a: '"T-5"', b: '"T-6"' }])
    expect(cmp.canonical?.parts.find(p => p.name === 'body')?.equal).toBe(false)
  })

  it('compares a failing exchange with a working one: status, body and the canonical part that differs', async () => {
    const good = await tc().ok('requests:send', { request: lookup('T-3') })
    const bad = await tc().ok('requests:send', { request: { ...lookup('T-3'), path: '/POS/v2/lookup/tickets', auth: 'none' } })
    const cmp = await tc().ok('requests:compare', { a: good.logId, b: bad.logId })
    expect(cmp.differing).toEqual(expect.arrayContaining(['request line', 'status', 'response body', 'canonical string']))
    expect(cmp.requestLine.path).toBe('changed')
    expect(cmp.canonical?.notes.join(' ')).toContain('B has no x-access-key')
  })

  it('resends an imported HAR entry with the current environment’s credentials', async () => {
    const exported = await tc().ok('log:saveHar', {})
    const har = JSON.parse(exported.har)
    const lookupEntry = har.log.entries.find((e: { request: { url: string } }) => e.request.url.endsWith('/pos/v2/lookup/tickets'))
    har.log.entries = [lookupEntry]
    const imported = await tc().ok('log:openHar', { text: JSON.stringify(har) })
    const draft = await tc().ok('requests:fromLog', { id: imported.ids[0]! })
    expect(draft.request.auth).toBe('hmac')
    const x = await tc().ok('requests:send', { request: draft.request })
    expect(x.status).toBe(200)
  })

  it('predicts the quota of a request before it is sent, and says when the send would be refused', async () => {
    const request: ComposerRequestInput = { method: 'GET', path: '/online-ordering/v1/orders', auth: 'bearer' }
    const before = await tc().ok('requests:predict', { request })
    expect(before.state).toMatchObject({ method: 'GET', path: '/online-ordering/v1/orders', used: 0, limit: 500, predictedRemaining: 500 })
    expect(before.refusal).toBeNull()
    await tc().ok('sandbox:setLimit', { limit: 1, method: 'GET', path: '/online-ordering/v1/orders' })
    expect((await tc().ok('requests:send', { request })).status).toBe(200)
    const spent = await tc().ok('requests:predict', { request })
    expect(spent.state.predictedRemaining).toBe(0)
    expect(spent.refusal?.reason).toBe('quota_spent')
    const refused = await tc().call('requests:send', { request })
    expect(refused.ok).toBe(false)
    const forced = await tc().ok('requests:send', { request, force: true })
    expect(forced.status).toBe(429)
    expect((await tc().ok('requests:predict', { request })).refusal?.reason).toBe('blocked')
  })

  it('keeps saved requests per environment with the history of their responses', async () => {
    const saved = await tc().ok('requests:save', { item: { name: 'Lookup', folder: 'Section 8', request: lookup('T-9') } })
    await tc().ok('requests:send', { request: lookup('T-9'), savedId: saved.id })
    const { items } = await tc().ok('requests:history', { id: saved.id })
    expect(items).toHaveLength(1)
    expect(items[0]?.status).toBe(200)
    const { text } = await tc().ok('requests:saveCollection', {})
    expect(text).not.toContain(tc().runtime.sandbox!.client.clientSecret)
    expect((await tc().ok('requests:openCollection', { text })).added).toBe(1)
    expect((await tc().ok('requests:collection', {})).requests.map(r => r.name).sort()).toEqual(['Lookup', 'Lookup (imported)'])
  })
})
