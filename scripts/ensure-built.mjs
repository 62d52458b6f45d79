// Builds the project when the outputs the web host and the CLI need are missing or older than the sources. Quiet by
// default (one line before, one after; the build's own ~200 lines only with --verbose or when it fails, then in full).
// `node scripts/ensure-built.mjs [--verbose] [--force] [--run COMMAND ARGS…]` (--force: build even when up to date) then runs the CLI command in this process (what
// `npm run web` and `npm run sandbox` do, so `npm run web -- --verbose --no-open` reaches both).
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = new URL('..', import.meta.url).pathname
const outputs = ['out/node/cli.js', 'out/renderer/index.html'].map(p => join(root, p))

const args = process.argv.slice(2)
const run = args.indexOf('--run')
const own = run === -1 ? args : args.slice(0, run)
const command = run === -1 ? null : args.slice(run + 1)
const verbose = own.includes('--verbose') || (command?.includes('--verbose') ?? false) || process.env.PARTNER_CONSOLE_VERBOSE === '1'

function newest(dir) {
  let t = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name)
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return t
}

/** Runs `npm run build`: its output passed through (verbose) or kept and printed only when it fails. */
function build() {
  return new Promise(resolve => {
    const child = spawn('npm', ['run', 'build'], { cwd: root, stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'] })
    const kept = []
    child.stdout?.on('data', chunk => kept.push(chunk))
    child.stderr?.on('data', chunk => kept.push(chunk))
    child.on('error', error => resolve({ code: 1, output: `Could not start npm: ${error.message}\n` }))
    child.on('close', code => resolve({ code: code ?? 1, output: Buffer.concat(kept).toString('utf8') }))
  })
}

const missing = outputs.some(p => !existsSync(p))
const stale = !missing && newest(join(root, 'src')) > Math.min(...outputs.map(p => statSync(p).mtimeMs))
const forced = own.includes('--force')
if (missing || stale || forced) {
  const started = Date.now()
  process.stdout.write(
    `${missing ? 'No build found' : forced ? 'Rebuilding as asked' : 'Sources changed since the last build'}: building (about a minute)…\n`,
  )
  const { code, output } = await build()
  if (code !== 0) {
    if (!verbose) process.stderr.write(output)
    process.stderr.write(`The build failed (exit ${code}); its output is above. Fix the error and run this again.\n`)
    process.exit(code)
  }
  process.stdout.write(`Built in ${Math.round((Date.now() - started) / 1000)} s${verbose ? '' : ' (--verbose shows the build output)'}.\n`)
}

if (command) {
  // The CLI reads process.argv; --verbose was ours.
  process.argv = [process.argv[0], join(root, 'bin/partner-console.mjs'), ...command.filter(a => a !== '--verbose')]
  await import(pathToFileURL(join(root, 'bin/partner-console.mjs')).href)
}
