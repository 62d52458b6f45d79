import { access, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DRAFTS_FILE, DraftStore } from '../../../../src/main/engine/requests/drafts/draft-store'
import { SENT_BODY_CHARS, SentHistory } from '../../../../src/main/engine/requests/drafts/sent-history'
import type { HttpExchangeView } from '../../../../src/shared/contract'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pc-sent-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const request = { method: 'GET', target: 'api' as const, path: '/p', params: {}, query: [], headers: [], auth: 'none' as const }
const view = (status: number) =>
  ({ status, startedAt: new Date().toISOString(), url: 'http://h/p', timings: { total: 1 }, logId: 'l' }) as HttpExchangeView

describe('history of sent requests (bounded)', () => {
  it('keeps the newest N, drops the oldest, and cuts long bodies', async () => {
    const history = new SentHistory(dir, t => t, 3)
    for (let i = 0; i < 5; i++) await history.add('env', { ...request, path: `/p${i}` }, { view: view(200) })
    await history.add('env', { ...request, body: 'x'.repeat(SENT_BODY_CHARS + 10) }, { view: view(201) })
    const all = await history.search('', 100)
    expect(all.total).toBe(3)
    expect(all.items.map(i => i.request.path)).toEqual(['/p', '/p4', '/p3'])
    expect(all.items[0]?.request.body).toMatch(/cut for the history\]$/)
    // A fresh store on the same folder reads the same (restart).
    expect((await new SentHistory(dir, t => t, 3).search('', 100)).items.map(i => i.request.path)).toEqual(['/p', '/p4', '/p3'])
  })
})

describe('open tabs are written once a burst of edits settles', () => {
  it('answers a save at once and writes after the pause (or at close)', async () => {
    const store = new DraftStore(dir, t => t, 60_000)
    const tab = { id: 't', edited: true, origin: { kind: 'new' as const }, draft: { ...request, body: '' } }
    for (let i = 0; i < 20; i++)
      expect(store.save({ tabs: [{ ...tab, draft: { ...tab.draft, path: `/${i}` } }], activeId: 't' }).revision).toBe(i + 1)
    await expect(access(join(dir, DRAFTS_FILE))).rejects.toThrow(/ENOENT/)
    await store.close()
    expect((await new DraftStore(dir, t => t).load()).tabs[0]?.draft.path).toBe('/19')
  })
})
