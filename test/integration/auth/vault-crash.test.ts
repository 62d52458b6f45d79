import { type ChildProcess, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createKeyFileCipher } from '../../../src/main/engine/vault/keyfile-cipher'
import { Vault } from '../../../src/main/engine/vault/vault'
import { removeDir } from './auth-harness'

const WRITER = join(import.meta.dirname, 'fixtures', 'vault-writer.ts')
const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

/** Starts the writer and resolves once it has opened the vault and begun writing. */
function startWriter(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dir], {
    cwd: join(import.meta.dirname, '../../..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  return new Promise((resolve, reject) => {
    let err = ''
    child.stderr?.on('data', d => {
      err += d
    })
    child.stdout?.once('data', () => resolve(child))
    child.once('exit', code => reject(new Error(`writer exited early (${code}): ${err}`)))
  })
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise(resolve => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
}

describe('vault crash safety', () => {
  it('leaves the old or the new file, never a broken one, when the writer is killed -9 at random moments', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pc-'))
    try {
      let lastGen = 0
      let progressed = 0
      for (let round = 0; round < 6; round++) {
        const child = await startWriter(dir)
        await new Promise(r => setTimeout(r, 30 + Math.floor(Math.random() * 250)))
        await killed(child)
        const raw = await readFile(join(dir, 'vault.json'), 'utf8')
        expect(() => JSON.parse(raw)).not.toThrow()
        const vault = await Vault.open(join(dir, 'vault.json'), createKeyFileCipher(join(dir, 'vault.key')))
        expect(vault.problems()).toEqual([])
        const state = JSON.parse(vault.get('state') ?? 'null') as { gen: number; filler: string; check: string } | null
        if (state) {
          expect(createHash('sha256').update(`${state.gen}|${state.filler}`).digest('hex')).toBe(state.check)
          expect(state.gen).toBeGreaterThanOrEqual(lastGen)
          const gen = Number(vault.get('gen') ?? 0)
          expect([state.gen, state.gen - 1]).toContain(gen)
          if (state.gen > lastGen) progressed++
          lastGen = state.gen
        }
        expect((await readdir(dir)).filter(f => f.includes('.tmp-write'))).toEqual([])
      }
      expect(progressed).toBeGreaterThanOrEqual(3)
      expect(lastGen).toBeGreaterThan(5)
    } finally {
      await removeDir(dir)
    }
  }, 60_000)
})
