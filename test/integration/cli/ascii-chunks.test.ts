import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'
import { describe, expect, it } from 'vitest'
import { asciiOutput } from '../../../scripts/build/ascii-output'
import { built, builtFiles, OUT, ROOT } from './built-cli'

// Node holds a module's source one byte per character only when every character is Latin-1; one `…` in a chunk makes
// all of it two-byte, which every run of the CLI then pays for in the compile cache's lookup and in V8's scanning
// (scripts/build/ascii-output.ts). The build writes ASCII, and fails on what it cannot escape.

type RenderChunk = (code: string, chunk: { fileName: string }) => { code: string } | null
const renderChunk = (asciiOutput() as Plugin & { renderChunk: RenderChunk }).renderChunk

describe('the built CLI is ASCII', () => {
  it.skipIf(!built)('every module of out/node holds only ASCII characters', () => {
    const withOthers = builtFiles(OUT)
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
