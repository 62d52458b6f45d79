import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { deadExports } from '../../support/dead-exports'

const ROOT = resolve(import.meta.dirname, '../../..')

/** Exported on purpose though nothing names it: a compile-time check (it fails to type when a channel is unlisted). */
const KEPT = ['src/shared/contract/channel-names.ts: EVERY_CHANNEL_LISTED']

const scratch = mkdtempSync(join(tmpdir(), 'dead-exports-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

function plant(files: Record<string, string>): string {
  const root = mkdtempSync(join(scratch, 'tree-'))
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    writeFileSync(join(root, file), text)
  }
  return root
}

describe('no dead exports', () => {
  it('every export of src/ is named by some other file of the app, its tests, benchmarks or scripts', () => {
    expect(deadExports(ROOT).filter(d => !KEPT.includes(d))).toEqual([])
  })

  it('the check fails on an export nothing uses, and on one used only in its own file, and passes a used one', () => {
    const root = plant({
      'src/a.ts': 'export function unused() {}\nexport const onlyHere = 1\nexport const used = onlyHere + 1\n',
      'src/b.ts': "import { used } from './a'\nexport const viaTest = used\n",
      'test/b.test.ts': "import { viaTest } from '../src/b'\nconsole.log(viaTest)\n",
    })
    expect(deadExports(root)).toEqual(['src/a.ts: onlyHere', 'src/a.ts: unused'])
  })
})
