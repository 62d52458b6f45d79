#!/usr/bin/env node
// Builtins read with process.getBuiltinModule, not imported: an import builds each one's ES module facade by reading
// every export, and node:fs's lazy getters (ReadStream, promises) load streams and fs/promises (~10 ms of CPU) for a
// name this file never uses.
const { existsSync } = process.getBuiltinModule('node:fs')
const module = process.getBuiltinModule('node:module')
const { fileURLToPath, pathToFileURL } = process.getBuiltinModule('node:url')

const bundle = fileURLToPath(new URL('../out/node/cli.js', import.meta.url))
if (!existsSync(bundle)) {
  process.stderr.write('partner-console is not built yet. Run `npm run build` in the project folder first.\n')
  process.exit(1)
}
// Node's on-disk compile cache (node_modules/.cache or the OS temp folder): later runs skip compiling the CLI's
// modules again, the largest share of its start-up. Absent before Node 22.1; a cache that cannot be written is skipped.
module.enableCompileCache?.()
const { main } = await import(pathToFileURL(bundle).href)
process.exitCode = await main(process.argv.slice(2))
