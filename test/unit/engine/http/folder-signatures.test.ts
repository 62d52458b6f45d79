import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FolderSignatures, SENT_SIGNATURES_DIR } from '../../../../src/main/engine/http/folder-signatures'

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pc-sigs-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('sent signatures in the data folder', () => {
  it('lets exactly one of two ledgers on one folder (two processes) claim a signature, and neither claim it twice', () => {
    const a = new FolderSignatures(dir)
    const b = new FolderSignatures(dir)
    const claims = [a.claim('sig-1'), b.claim('sig-1'), a.claim('sig-1'), b.claim('sig-1')]
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect(b.claim('sig-2')).toBe(true)
  })

  it('keeps a digest of each signature (0600 files in a 0700 folder), never the signature', async () => {
    new FolderSignatures(dir).claim('secret-looking-signature')
    const folder = join(dir, SENT_SIGNATURES_DIR)
    const names = await readdir(folder)
    expect(names).toHaveLength(1)
    expect(names[0]).toMatch(/^[0-9a-f]{40}$/)
    expect(names[0]).not.toContain('secret')
    expect((await stat(folder)).mode & 0o777).toBe(0o700)
    expect((await stat(join(folder, names[0] as string))).mode & 0o777).toBe(0o600)
  })

  it('gives a signature back once it is older than its lifetime (11 s), and prunes expired ones', async () => {
    let now = Date.now()
    const ledger = new FolderSignatures(dir, () => now)
    expect(ledger.claim('sig')).toBe(true)
    expect(ledger.claim('old')).toBe(true)
    now += 10_000
    expect(ledger.claim('sig')).toBe(false)
    now += 1_500
    expect(ledger.claim('sig')).toBe(true)
    // Pruning (every 5 s at most) removes every expired file: only the newest claim is left.
    now += 12_000
    expect(ledger.claim('new')).toBe(true)
    expect(await readdir(join(dir, SENT_SIGNATURES_DIR))).toHaveLength(1)
  })
})
