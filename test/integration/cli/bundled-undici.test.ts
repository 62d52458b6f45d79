import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// The CLI build replaces the engine's undici-parts.ts with scripts/build/cli-undici-parts.ts, the same parts written
// so the bundler can follow them (scripts/build/bundled-undici.ts). A part added to or taken from one and not the other
// would leave the CLI without it, or the engine with a part the CLI lacks: both must export the same names, from the
// same undici files.

const ROOT = resolve(import.meta.dirname, '../../..')
const ENGINE = readFileSync(resolve(ROOT, 'src/main/engine/http/undici-parts.ts'), 'utf8')
const CLI = readFileSync(resolve(ROOT, 'scripts/build/cli-undici-parts.ts'), 'utf8')

const exported = (text: string) => [...text.matchAll(/^export (?:const|function) (\w+)/gm)].map(m => m[1]).sort()

describe('the CLI build’s undici parts', () => {
  it('export what the engine’s export', () => {
    expect(exported(CLI)).toEqual(exported(ENGINE))
    expect(exported(CLI).length).toBeGreaterThan(0)
  })

  it('come from the files the engine’s come from (the HTTP/2 half is put off by the build itself)', () => {
    const named = (text: string) =>
      [...text.matchAll(/undici\/lib\/([\w/-]+?)(?:\.js)?['`]/g)].map(m => m[1] as string).filter(f => !f.includes('$'))
    const engineFiles = new Set([
      ...named(ENGINE).filter(f => f !== 'dispatcher/client-h2'),
      ...[...ENGINE.matchAll(/\['\w+', '(api-\w+)'\]/g)].map(m => `api/${m[1]}`),
    ])
    expect(new Set(named(CLI))).toEqual(engineFiles)
    expect(engineFiles.size).toBeGreaterThan(5)
  })
})
