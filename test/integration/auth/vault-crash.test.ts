import { type ChildProcess, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createKeyFileCipher } from '../../../src/main/engine/vault/keyfile-cipher'
import { Vault } from '../../../src/main/engine/vault/vault'
import { OutputText } from '../../support/output'
import { removeDir } from './auth-harness'

const WRITER = join(import.meta.dirname, 'fixtures', 'vault-writer.ts')
const children: ChildProcess[] = []
afterEach(async () => {
  // Killed and awaited: a process still exiting when the file ends would count as left running.
  await Promise.all(children.splice(0).map(child => killed(child)))
})

/** Starts the writer; `writes(n)` resolves once it has completed `n` writes since it started (it says so on stdout). */
function startWriter(dir: string): { child: ChildProcess; writes(n: number): Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dir], {
    cwd: join(import.meta.dirname, '../../..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  const output = OutputText.of(child)
  return { child, writes: async n => void (await output.waitFor(new RegExp(`(?:wrote \\d+\\n[\\s\\S]*?){${n}}`), 30_000)) }
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
        const writer = startWriter(dir)
        // The writer says when it has written (1 to 3 completed writes), then the kill lands at a random moment of
        // the writes that follow: that moment on the wall clock is the subject, so it stays a real, random delay.
        await writer.writes(1 + Math.floor(Math.random() * 3))
        await new Promise(r => setTimeout(r, Math.floor(Math.random() * 20)))
        await killed(writer.child)
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
