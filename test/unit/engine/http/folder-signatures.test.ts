import { chmod, mkdir, mkdtemp, readdir, rm, stat, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  FolderSignatures,
  SENT_SIGNATURES_DIR,
  SIGNATURE_LEDGER_ENV,
  sentSignatureLedger,
} from '../../../../src/main/engine/http/folder-signatures'
import { UsedSignatures } from '../../../../src/main/engine/http/used-signatures'

const SERVER = 'https://api.partner.example'
let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pc-sigs-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('sent signatures in a ledger folder', () => {
  it('lets exactly one of two ledgers on one folder (two processes) claim a signature, and neither claim it twice', () => {
    const a = new FolderSignatures(dir)
    const b = new FolderSignatures(dir)
    const claims = [a.claim('sig-1', SERVER), b.claim('sig-1', SERVER), a.claim('sig-1', SERVER), b.claim('sig-1', SERVER)]
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect(b.claim('sig-2', SERVER)).toBe(true)
  })

  it('counts a signature per server: the same one to another server (another sandbox) is no replay', () => {
    const ledger = new FolderSignatures(dir)
    expect(ledger.claim('sig', 'http://127.0.0.1:4001')).toBe(true)
    expect(ledger.claim('sig', 'http://127.0.0.1:4002')).toBe(true)
    expect(ledger.claim('sig', 'http://127.0.0.1:4001')).toBe(false)
    const own = new UsedSignatures()
    expect([own.claim('sig', 'http://a'), own.claim('sig', 'http://b'), own.claim('sig', 'http://a')]).toEqual([true, true, false])
  })

  it('keeps a digest of each signature (0600 files in a 0700 folder), never the signature or the server', async () => {
    const folder = join(dir, 'ledger')
    new FolderSignatures(folder).claim('secret-looking-signature', SERVER)
    const names = await readdir(folder)
    expect(names).toHaveLength(1)
    expect(names[0]).toMatch(/^[0-9a-f]{40}$/)
    expect((await stat(folder)).mode & 0o777).toBe(0o700)
    expect((await stat(join(folder, names[0] as string))).mode & 0o777).toBe(0o600)
  })

  it('gives a signature back once it is older than its lifetime (11 s), and prunes expired ones', async () => {
    let now = Date.now()
    const ledger = new FolderSignatures(dir, () => now)
    expect(ledger.claim('sig', SERVER)).toBe(true)
    expect(ledger.claim('old', SERVER)).toBe(true)
    now += 10_000
    expect(ledger.claim('sig', SERVER)).toBe(false)
    now += 1_500
    expect(ledger.claim('sig', SERVER)).toBe(true)
    // Pruning (every 5 s at most) removes every expired file: only the newest claim is left.
    now += 12_000
    expect(ledger.claim('new', SERVER)).toBe(true)
    expect(await readdir(dir)).toHaveLength(1)
  })
})

describe("the user's ledger, shared by every data folder", () => {
  it('is one folder for processes on different data folders: what one sent, the other cannot send', async () => {
    const env = { [SIGNATURE_LEDGER_ENV]: join(dir, 'user-ledger') }
    const app = sentSignatureLedger(join(dir, 'app-data'), env)
    const cliRun = sentSignatureLedger(join(dir, 'temporary-run'), env)
    expect(app.claim('sig', SERVER)).toBe(true)
    expect(cliRun.claim('sig', SERVER)).toBe(false)
    expect(await readdir(join(dir, 'user-ledger'))).toHaveLength(1)
  })

  it.skipIf(typeof process.getuid !== 'function')(
    "is never a folder others can write to, nor a link: the data folder's own ledger is used instead",
    async () => {
      const open = join(dir, 'open-ledger')
      await mkdir(open)
      await chmod(open, 0o777)
      const data = join(dir, 'data')
      expect(sentSignatureLedger(data, { [SIGNATURE_LEDGER_ENV]: open }).claim('sig', SERVER)).toBe(true)
      expect(await readdir(open)).toEqual([])
      expect(await readdir(join(data, SENT_SIGNATURES_DIR))).toHaveLength(1)

      const target = join(dir, 'target')
      await mkdir(target, { mode: 0o700 })
      await symlink(target, join(dir, 'linked'))
      expect(sentSignatureLedger(data, { [SIGNATURE_LEDGER_ENV]: join(dir, 'linked') }).claim('sig-2', SERVER)).toBe(true)
      expect(await readdir(target)).toEqual([])
      expect(await readdir(join(data, SENT_SIGNATURES_DIR))).toHaveLength(2)
    },
  )
})
