import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { keepWasmParserInBaselineTier } from '../../../src/main/cli/brief-run'

// A one-shot command sets V8's WebAssembly tiering budget so its exit does not wait for an optimizing compile of
// undici's HTTP parser (src/main/cli/brief-run.ts). V8 prints "Error: unrecognized flag" for a flag it does not know,
// which would land in a command's output: the flag must be known to this Node's V8, and left alone elsewhere.

const MODULE = resolve(import.meta.dirname, '../../../src/main/cli/brief-run.ts')
const typeScriptRuns = Boolean((process.features as { typescript?: unknown }).typescript)

describe('a one-shot command keeps the wasm HTTP parser in its baseline tier', () => {
  it('sets nothing on a V8 it does not know the flag in', () => {
    expect(keepWasmParserInBaselineTier('9.8.177')).toBe(false)
    expect(keepWasmParserInBaselineTier('99.0.1')).toBe(false)
    expect(keepWasmParserInBaselineTier('')).toBe(false)
  })

  it.skipIf(!typeScriptRuns)("sets a flag this Node's V8 knows: nothing but the command's own output", () => {
    const run = node(
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(MODULE)}); console.log(m.keepWasmParserInBaselineTier())`,
    )
    expect(run.stdout).toBe('true\n')
    expect(run.stderr).not.toContain('unrecognized flag')
  })

  it('an unknown flag is reported (what the version check guards against)', () => {
    const run = node('-e', "process.getBuiltinModule('node:v8').setFlagsFromString('--no-such-flag-for-this-test=1'); console.log('done')")
    expect(run.stdout + run.stderr).toContain('unrecognized flag')
  })
})

function node(...args: string[]): { stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, args, { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`node exited with ${run.status}: ${run.stderr}`)
  return { stdout: run.stdout, stderr: run.stderr }
}
