// Builds the project when the outputs the web host and the CLI need are missing or older than the sources.
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const outputs = ['out/node/cli.js', 'out/renderer/index.html'].map(p => join(root, p))

function newest(dir) {
  let t = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name)
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return t
}

const missing = outputs.some(p => !existsSync(p))
const stale = !missing && newest(join(root, 'src')) > Math.min(...outputs.map(p => statSync(p).mtimeMs))
if (missing || stale) {
  process.stdout.write(`${missing ? 'No build found' : 'Sources changed since the last build'}: building (about a minute)…\n`)
  execSync('npm run build', { cwd: root, stdio: 'inherit' })
}
