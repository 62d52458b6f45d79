/** A tiering budget no one-shot run comes near (V8's default is 13,000,000 per function). */
const BUDGET = 2_000_000_000
/** V8 versions known to have --wasm-tiering-budget (since 10.x; Node 24 ships 13.6): an unknown flag prints an error. */
const KNOWN_V8_MAJORS = new Set([10, 11, 12, 13, 14])

/**
 * For a one-shot command (walkthrough, request) in the real process: V8 compiles undici's WebAssembly HTTP parser
 * (llhttp) again with its optimizing compiler once it is warm, on a background thread, and the process's exit waits for
 * that compile to finish: 120–160 ms of wall time after the last line of a 0.5 s walkthrough (a 37 KB export body warms
 * it), against ~40 ms with `node --liftoff-only`. A tiering budget no short run spends keeps the parser in V8's baseline
 * tier for this process; the same flag on the command line gives the same tail. Long-running commands (web, capture,
 * doctor, sandbox, replay) keep V8's default: they parse enough responses for the optimized parser to pay off. A V8
 * the flag is not known in is left alone (the run is as before, only its exit slower).
 */
export function keepWasmParserInBaselineTier(v8Version = process.versions.v8): boolean {
  if (!KNOWN_V8_MAJORS.has(Number.parseInt(v8Version, 10))) return false
  process.getBuiltinModule('node:v8').setFlagsFromString(`--wasm-tiering-budget=${BUDGET}`)
  return true
}
