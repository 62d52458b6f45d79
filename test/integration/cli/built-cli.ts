import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** The repository's root, the CLI build's folder, and whether `npm run build` has made it. */
export const ROOT = resolve(import.meta.dirname, '../../..')
export const OUT = join(ROOT, 'out/node')
export const built = readdirSync(ROOT).includes('out') && readdirSync(join(ROOT, 'out')).includes('node')

/** Every .js file under `dir`, at any depth. */
export function builtFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap(e =>
    e.isDirectory() ? builtFiles(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : [],
  )
}
