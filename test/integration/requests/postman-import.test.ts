import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CollectionStore } from '../../../src/main/engine/requests/collection-store'
import { importPostman } from '../../../src/main/engine/requests/postman-import/import-postman'

const fixtures = join(import.meta.dirname, 'fixtures')
const hosts = { baseUrl: 'http://127.0.0.1:4000', authUrl: 'http://127.0.0.1:4001' }
let dir = ''
let store: CollectionStore

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pc-postman-'))
  store = new CollectionStore(dir, text => text)
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const collectionText = () => readFile(join(fixtures, 'partner-api.postman_collection.json'), 'utf8')
const environmentText = () => readFile(join(fixtures, 'partner-sandbox.postman_environment.json'), 'utf8')

async function saved() {
  const list = await store.list('env-1')
  return Object.fromEntries(list.map(r => [r.name, r]))
}

describe('a Postman collection v2.1 brought into saved requests', () => {
  it('flattens folders, fills variables, keeps path variables as parameters and maps the auth blocks', async () => {
    const outcome = await importPostman(store, 'env-1', hosts, await collectionText())
    expect(outcome.added).toBe(6)
    expect(outcome.skipped).toEqual([{ index: 6, problem: expect.stringMatching(/^Upload a menu: its formdata body/) }])
    const r = await saved()
    expect(r['List locations']).toMatchObject({
      folder: 'Marketplace / Locations',
      request: { method: 'GET', target: 'api', path: '/marketplace/v2/platform-token/locations', auth: 'bearer' },
    })
    expect(r['List locations']?.request.query).toEqual([
      { name: 'page', value: '1', enabled: true },
      { name: 'debug', value: 'true', enabled: false },
    ])
    expect(r['Install integration']?.request).toMatchObject({ method: 'POST', auth: 'bearer', body: '{\n  "locationId": 101002\n}' })
    expect(r['Install integration']?.folder).toBe('Marketplace')
    // The folder's pre-request script sets x-signature: the request is HMAC-signed (at send, by the console).
    expect(r['Export tickets']).toMatchObject({
      folder: 'Signed',
      request: { auth: 'hmac', path: '/api/v1/export/{locationId}/tickets', params: { locationId: '101002' } },
    })
    expect(r['Look up tickets']?.request).toMatchObject({
      auth: 'hmac',
      headers: [{ name: 'Content-Type', value: 'application/json', enabled: true }],
    })
    expect(r['Refresh the token']?.request).toMatchObject({ target: 'auth', path: '/oauth2/token/', auth: 'none' })
    expect(r['Refresh the token']?.request.body).toBe(
      'grant_type=refresh_token&client_id=partner-demo&client_secret=%7B%7BclientSecret%7D%7D',
    )
    // An unresolved variable in the path is a path parameter to fill in.
    expect(r['Order by id']?.request).toMatchObject({ path: '/online-ordering/v2/orders/{orderId}', params: {}, auth: 'bearer' })
    expect(outcome.notes.join(' ')).toContain('{{clientSecret}}')
    expect(outcome.notes.join(' ')).toContain('{{orderId}}')
  })

  it('never writes a credential of the collection or of the environment into the data folder', async () => {
    await importPostman(store, 'env-1', hosts, await collectionText(), await environmentText())
    const folder = join(dir, 'collections')
    const files = await readdir(folder)
    const text = (await Promise.all(files.map(f => readFile(join(folder, f), 'utf8')))).join('\n')
    expect(text).toContain('Export tickets')
    for (const canary of ['postman-canary-secret-7c1d', 'postman-canary-token-9e2f', 'env-canary-token-31aa'])
      expect(text).not.toContain(canary)
  })

  it('lets the environment file win over the collection’s variables, and adds beside what exists', async () => {
    await importPostman(store, 'env-1', hosts, await collectionText())
    const again = await importPostman(store, 'env-1', hosts, await collectionText(), await environmentText())
    expect(again).toMatchObject({ added: 6, renamed: 6 })
    const r = await saved()
    expect(r['Install integration (imported)']?.request.body).toBe('{\n  "locationId": 101003\n}')
    expect(r['Export tickets (imported)']?.request.params).toEqual({ locationId: '101003' })
    expect(r['Install integration']?.request.body).toBe('{\n  "locationId": 101002\n}')
  })

  it('says what is wrong with a file that is not a v2.1 collection', async () => {
    await expect(
      importPostman(store, 'env-1', hosts, '{"info":{"schema":"https://schema.getpostman.com/json/collection/v1.0.0/collection.json"}}'),
    ).rejects.toThrow(/not a Postman collection v2\.1 \(its schema is .*v1\.0\.0/)
    await expect(importPostman(store, 'env-1', hosts, 'not json')).rejects.toThrow(/not JSON/)
    await expect(importPostman(store, 'env-1', hosts, await collectionText(), '{"name":"x"}')).rejects.toThrow(/no "values" list/)
  })
})
