import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Plugin } from 'vite'
import { describe, expect, it } from 'vitest'
import { asciiOutput } from '../../../scripts/build/ascii-output'

// Node holds a module's source one byte per character only when every character is Latin-1; one `…` in a chunk makes
// all of it two-byte, which every run of the CLI then pays for in the compile cache's lookup and in V8's scanning
// (scripts/build/ascii-output.ts). The build writes ASCII, and fails on what it cannot escape.

const ROOT = resolve(import.meta.dirname, '../../..')
const OUT = join(ROOT, 'out/node')
const built = readdirSync(ROOT).includes('out') && readdirSync(join(ROOT, 'out')).includes('node')

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap(e =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : [],
  )
}

type RenderChunk = (code: string, chunk: { fileName: string }) => { code: string } | null
const renderChunk = (asciiOutput() as Plugin & { renderChunk: RenderChunk }).renderChunk

describe('the built CLI is ASCII', () => {
  it.skipIf(!built)('every module of out/node holds only ASCII characters', () => {
    const withOthers = files(OUT)
      .map(file => [file.slice(ROOT.length + 1), readFileSync(file, 'utf8').search(/[\u0080-\u{10ffff}]/u)] as const)
      .filter(([, at]) => at >= 0)
    expect(withOthers).toEqual([])
  })

  it('escapes a legal comment’s notice, keeps ASCII code as it is, and refuses a character it cannot escape', () => {
    expect(renderChunk('const a = "x"\n', { fileName: 'a.js' })).toBeNull()
    const notice = renderChunk('/*! lib. MIT License. Jimmy Wärting → 🙂 */\nconst a = 1\n', { fileName: 'a.js' })
    expect(notice?.code).toBe('/*! lib. MIT License. Jimmy W\\u{e4}rting \\u{2192} \\u{1f642} */\nconst a = 1\n')
    expect(() => renderChunk('const a = 1\nconst b = String.raw`…`\n', { fileName: 'b.js' })).toThrow(
      /b\.js:2 keeps a non-ASCII character the build cannot escape/,
    )
  })
})
