#!/usr/bin/env node
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'

const bundle = fileURLToPath(new URL('../out/node/cli.js', import.meta.url))
if (!existsSync(bundle)) {
  process.stderr.write('partner-console is not built yet. Run `npm run build` in the project folder first.\n')
  process.exit(1)
}
const { main } = await import(pathToFileURL(bundle).href)
process.exitCode = await main(process.argv.slice(2))
