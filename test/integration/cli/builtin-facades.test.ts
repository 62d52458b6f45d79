import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { built, builtFiles, OUT, ROOT } from './built-cli'

// Node builds a builtin's ES module facade by reading every export, and its lazy getters load what they stand for
// (node:util the worker machinery, node:crypto Web Crypto, node:http Node's bundled undici): the build reads every
// builtin with process.getBuiltinModule instead (scripts/build/builtin-facade.ts), node:tls excepted. A builtin the
// built CLI still imports is a facade every process that loads that chunk pays for.

describe.skipIf(!built)('builtins in the built CLI', () => {
  it('no module of the build imports a builtin but node:tls; the bin reads its own with getBuiltinModule', () => {
    // The bundler writes its imports with double quotes and a semicolon (a generated snippet's text inside a template
    // is single-quoted); the bin's are as written, single-quoted.
    const BUILT = /^import\b[^"';]*?from\s*"([a-z_:/]+)";|\bimport\(\s*"([a-z_:/]+)"\s*\)/gm
    const BIN = /^import\b[^"';]*?from\s*'([a-z_:/]+)'|\bimport\(\s*'([a-z_:/]+)'\s*\)/gm
    const importsOf = (file: string, pattern: RegExp) =>
      [...readFileSync(file, 'utf8').matchAll(pattern)]
        .map(m => (m[1] ?? m[2]) as string)
        .filter(spec => spec.startsWith('node:'))
        .map(spec => `${file.slice(ROOT.length + 1).replace(/-[\w-]{8}\.js$/, '.js')}: ${spec}`)
    const imported = [...builtFiles(OUT).flatMap(file => importsOf(file, BUILT)), ...importsOf(join(ROOT, 'bin/partner-console.mjs'), BIN)]
    expect(imported.filter(line => !line.endsWith(': node:tls'))).toEqual([])
  })
})
