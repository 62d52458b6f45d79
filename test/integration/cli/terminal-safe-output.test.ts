import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from '../../../src/main/cli'
import { OutputText } from '../../support/output'

const dir = mkdtempSync(join(tmpdir(), 'pc-terminal-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('a hostile file cannot drive the terminal through the CLI', () => {
  it('replay of a file whose text reaches an error message: escapes arrive as visible text on stderr', async () => {
    const file = join(dir, 'hostile.har')
    writeFileSync(file, '\x1b]52;c;ZXZpbA==\x07\x1b[2J\u202e\x9b31m fake Summary: 9 same')
    const stdout = new OutputText()
    const stderr = new OutputText()
    const code = await main(['replay', file], { stdout: stdout.writable(), stderr: stderr.writable() })
    expect(code).toBe(1)
    const all = stdout.text + stderr.text
    expect(stderr.text).toContain('neither a repro bundle nor a HAR')
    expect(all).toContain('\\u001B')
    for (const raw of ['\x1b', '\x07', '\x9b', '\u202e']) expect(all).not.toContain(raw)
  })
})
