import { type ChildProcess, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DraftStore } from '../../../src/main/engine/requests/drafts/draft-store'
import { OutputText } from '../../support/output'

const WRITER = join(import.meta.dirname, 'fixtures', 'drafts-writer.ts')
const children: ChildProcess[] = []
afterEach(async () => {
  await Promise.all(children.splice(0).map(child => killed(child)))
})

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

describe('open tabs when the console is killed mid-write', () => {
  it('keeps the last written tabs or the ones before, never a broken file, and no leftovers', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pc-'))
    try {
      let lastGen = 0
      for (let round = 0; round < 5; round++) {
        const writer = startWriter(dir)
        await writer.writes(1 + Math.floor(Math.random() * 3))
        // The moment of the kill on the wall clock is the subject: a real, random delay into the writes that follow.
        await new Promise(r => setTimeout(r, Math.floor(Math.random() * 20)))
        await killed(writer.child)
        const loaded = await new DraftStore(dir, text => text).load()
        expect(loaded.movedAside).toBeNull()
        const tab = loaded.tabs[0]
        const gen = Number(tab?.origin.name)
        expect(gen).toBeGreaterThan(lastGen)
        expect(createHash('sha256').update(`${gen}|${tab?.draft.body}`).digest('hex')).toBe(tab?.origin.notes?.[0])
        lastGen = gen
        expect((await readdir(dir)).filter(f => f.includes('.tmp-write'))).toEqual([])
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
