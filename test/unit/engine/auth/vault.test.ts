import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConsoleError } from '../../../../src/main/engine/core/console-error'
import { createKeyFileCipher } from '../../../../src/main/engine/vault/keyfile-cipher'
import { Vault } from '../../../../src/main/engine/vault/vault'

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pc-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const open = (onSecret?: (k: string, v: string) => void) =>
  Vault.open(join(dir, 'vault.json'), createKeyFileCipher(join(dir, 'vault.key')), { onSecret })

describe('Vault', () => {
  it('round-trips values, encrypted per record with a fresh IV, and reports each readable value at open', async () => {
    const v1 = await open()
    await v1.set('env:a:client_secret', 'same-value-123')
    await v1.set('env:b:client_secret', 'same-value-123')
    const doc = JSON.parse(await readFile(join(dir, 'vault.json'), 'utf8'))
    expect(doc.records['env:a:client_secret'].data).not.toBe(doc.records['env:b:client_secret'].data)
    expect(JSON.stringify(doc)).not.toContain('same-value-123')
    const seen: string[] = []
    const v2 = await open((k, v) => seen.push(`${k}=${v}`))
    expect(v2.get('env:a:client_secret')).toBe('same-value-123')
    expect(seen.sort()).toEqual(['env:a:client_secret=same-value-123', 'env:b:client_secret=same-value-123'])
    await v2.deleteWhere(k => k.startsWith('env:a:'))
    expect((await open()).keys()).toEqual(['env:b:client_secret'])
  })

  it('keeps concurrent writes in order: the file always ends with the last state', async () => {
    const v = await open()
    await Promise.all(Array.from({ length: 20 }, (_, i) => v.set(`k${i % 3}`, `value-${i}`)))
    const again = await open()
    expect([again.get('k0'), again.get('k1'), again.get('k2')]).toEqual(['value-18', 'value-19', 'value-17'])
  })

  it('moves a broken file aside with the time in its name and starts empty', async () => {
    await writeFile(
      join(dir, 'vault.json'),
      '{"format":"partner-console-vault","version":1,"backend":"x","records":{"k":{"data":"***","updatedAt":""}}}',
    )
    const v = await open()
    const [problem] = v.problems()
    expect(problem?.kind).toBe('file-unreadable')
    expect(problem?.message).toMatch(/base64/)
    expect(problem?.movedTo).toMatch(/vault\.json\.corrupt-\d{4}-\d{2}-\d{2}T/)
    expect(v.keys()).toEqual([])
    expect(v.fileWasUnreadable).toBe(true)
    const files = await readdir(dir)
    expect(files.filter(f => f.includes('.corrupt-'))).toHaveLength(1)
  })

  it('reports an undecryptable record on read with a hint, and keeps it until replaced', async () => {
    const v1 = await open()
    await v1.set('env:a:tokens', '{"x":1}')
    await writeFile(join(dir, 'vault.key'), Buffer.alloc(32, 7))
    const v2 = await open()
    expect(v2.isUnreadable('env:a:tokens')).toBe(true)
    expect(v2.problems()[0]).toMatchObject({ kind: 'record-unreadable', environmentId: 'a' })
    const error = (() => {
      try {
        v2.get('env:a:tokens')
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(ConsoleError)
    expect((error as ConsoleError).code).toBe('storage')
    expect((error as ConsoleError).hint).toMatch(/Enter it again/)
    await v2.set('env:a:tokens', '{"x":2}')
    expect(v2.problems()).toEqual([])
    expect((await open()).get('env:a:tokens')).toBe('{"x":2}')
  })

  it('removes the temporary files of killed writes at open, never the live file', async () => {
    const v = await open()
    await v.set('k', 'value-value')
    await writeFile(join(dir, '.vault.json.999.abcd.tmp-write'), 'partial')
    await writeFile(join(dir, 'unrelated.tmp-write'), 'keep me')
    await open()
    expect((await readdir(dir)).sort()).toEqual(['unrelated.tmp-write', 'vault.json', 'vault.key'])
  })
})
