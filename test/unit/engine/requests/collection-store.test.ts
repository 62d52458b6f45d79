import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CollectionStore, HISTORY_LIMIT } from '../../../../src/main/engine/requests/collection-store'
import type { HttpExchangeView } from '../../../../src/shared/contract'

let dir: string
let store: CollectionStore
const request = {
  method: 'GET',
  target: 'api' as const,
  path: '/api/v1/locations/',
  params: {},
  query: [],
  headers: [],
  auth: 'bearer' as const,
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pc-collections-'))
  store = new CollectionStore(dir, text => text.replaceAll('tok-SECRET-123', '[redacted:access_token:aaaa0000]'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('collections per environment in the data folder', () => {
  it('saves per environment, in a 0600 file, with known secrets scrubbed', async () => {
    const saved = await store.save('env-a', {
      name: 'Locations',
      folder: '4.7',
      request: { ...request, headers: [{ name: 'x-debug', value: 'tok-SECRET-123', enabled: true }] },
    })
    expect((await store.list('env-a')).map(r => r.id)).toEqual([saved.id])
    expect(await store.list('env-b')).toEqual([])
    const [file] = await readdir(join(dir, 'collections'))
    const path = join(dir, 'collections', file as string)
    expect((await stat(path)).mode & 0o777).toBe(0o600)
    const text = await readFile(path, 'utf8')
    expect(text).not.toContain('tok-SECRET-123')
    expect(text).toContain('[redacted:access_token:aaaa0000]')
  })

  it('keeps the last responses of a request, newest first, capped', async () => {
    const saved = await store.save('env-a', { name: 'L', folder: '', request })
    for (let i = 0; i < HISTORY_LIMIT + 3; i++) {
      await store.addHistory('env-a', saved.id, {
        status: 200 + i,
        startedAt: `t${i}`,
        body: 'x',
        timings: { total: i },
        logId: `log-${i}`,
      } as HttpExchangeView)
    }
    const items = await store.history('env-a', saved.id)
    expect(items).toHaveLength(HISTORY_LIMIT)
    expect(items[0]?.status).toBe(200 + HISTORY_LIMIT + 2)
  })

  it('exports and imports: bad items are skipped, names that exist are renamed, nothing existing is lost', async () => {
    const kept = await store.save('env-a', { name: 'Locations', folder: '', request })
    const { text, count } = await store.exportText('env-a')
    expect(count).toBe(1)
    const hostile = JSON.parse(text)
    hostile.requests.push(
      { name: 'Bad', folder: '', request: { method: 'G E T', path: '' } },
      { id: kept.id, name: 'Replace me', folder: '', request },
    )
    const result = await store.importText('env-a', JSON.stringify(hostile))
    expect(result.added).toBe(2)
    expect(result.renamed).toBe(1)
    expect(result.skipped).toEqual([{ index: 1, problem: expect.stringMatching(/^request\./) }])
    const names = (await store.list('env-a')).map(r => r.name).sort()
    expect(names).toEqual(['Locations', 'Locations (imported)', 'Replace me'])
    // An imported item naming an existing id gets a fresh one: the existing request is untouched.
    expect((await store.list('env-a')).filter(r => r.id === kept.id)).toHaveLength(1)
    expect((await store.list('env-a')).find(r => r.id === kept.id)?.name).toBe('Locations')
    await expect(store.importText('env-a', '{"format":"something-else","version":1,"requests":[]}')).rejects.toThrow(
      /not a Partner API Console collection/,
    )
    await expect(store.importText('env-a', 'not json')).rejects.toThrow(/not JSON/)
    expect(await store.list('env-a')).toHaveLength(3)
  })

  it('moves an unreadable file aside instead of overwriting it', async () => {
    await store.save('env-a', { name: 'L', folder: '', request })
    const [file] = await readdir(join(dir, 'collections'))
    await writeFile(join(dir, 'collections', file as string), '{ half a file')
    expect(await store.list('env-a')).toEqual([])
    await store.save('env-a', { name: 'M', folder: '', request })
    const files = await readdir(join(dir, 'collections'))
    expect(files.some(f => f.includes('.unreadable-'))).toBe(true)
  })
})
