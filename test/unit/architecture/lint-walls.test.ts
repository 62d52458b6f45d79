import { execFile } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../../..')
const BIOME = join(ROOT, 'node_modules/.bin/biome')

/**
 * The walls of docs/architecture.md are also Biome rules (biome.json `overrides`, `noRestrictedImports`), so an editor
 * underlines a wall break as it is typed. This plants one break of each wall in a scratch tree under the repository's
 * own biome.json and checks Biome names each of them, and passes the allowed imports next to them.
 */
const PLANTED: Array<{ file: string; text: string; says: RegExp | null }> = [
  { file: 'src/main/engine/http/a.ts', text: "import { app } from 'electron'\nexport const a = app\n", says: /Electron glue/ },
  {
    file: 'src/main/engine/http/b.ts',
    text: "import { s } from '../../../sandbox/index'\nexport const b = s\n",
    says: /never imports the sandbox/,
  },
  {
    file: 'src/main/engine/http/c.ts',
    text: "import { r } from '../../runtime/create-runtime'\nexport const c = r\n",
    says: /built on it/,
  },
  { file: 'src/main/engine/http/d.ts', text: "import { useState } from 'react'\nexport const d = useState\n", says: /no React/ },
  { file: 'src/main/cli/e.ts', text: "import { app } from 'electron'\nexport const e = app\n", says: /Electron glue/ },
  {
    file: 'src/sandbox/routes/f.ts',
    text: "import { x } from '../../main/engine/core/iso-now'\nexport const f = x\n",
    says: /shares no code/,
  },
  { file: 'src/shared/contract/g.ts', text: "import { x } from '../../main/engine/core/iso-now'\nexport const g = x\n", says: /only zod/ },
  {
    file: 'src/renderer/src/h.ts',
    text: "import { readFileSync } from 'node:fs'\nexport const h = readFileSync\n",
    says: /no Node modules/,
  },
  {
    file: 'src/renderer/src/i.ts',
    text: "import { x } from '../../main/engine/core/iso-now'\nexport const i = x\n",
    says: /only through the bridge/,
  },
  { file: 'src/preload/j.ts', text: "import { z } from 'zod'\nexport const j = z\n", says: /bundles no zod/ },
  // Allowed: the engine's own folders, the renderer's own features (one is called sandbox), the contract's zod.
  { file: 'src/main/engine/http/k.ts', text: "import { x } from '../core/iso-now'\nexport const k = x\n", says: null },
  { file: 'src/renderer/src/l.ts', text: "import { x } from './features/sandbox/index'\nexport const l = x\n", says: null },
  { file: 'src/shared/contract/m.ts', text: "import { z } from 'zod'\nexport const m = z\n", says: null },
]

const scratch = mkdtempSync(join(tmpdir(), 'lint-walls-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('the walls, as lint rules an editor shows', () => {
  it('Biome refuses one planted break of each wall, with the wall named, and allows the imports beside them', async () => {
    copyFileSync(join(ROOT, 'biome.json'), join(scratch, 'biome.json'))
    for (const p of PLANTED) {
      mkdirSync(dirname(join(scratch, p.file)), { recursive: true })
      writeFileSync(join(scratch, p.file), p.text)
    }
    const run = await promisify(execFile)(
      BIOME,
      ['lint', '--only=style/noRestrictedImports', '--reporter=json', '--max-diagnostics=100', '.'],
      {
        cwd: scratch,
      },
    ).catch((error: { stdout: string }) => error)
    const report = JSON.parse(run.stdout) as { diagnostics: Array<{ message: string; location: { path: string } }> }
    const byFile = new Map(report.diagnostics.map(d => [d.location.path.replaceAll('\\', '/'), d.message]))
    for (const p of PLANTED) {
      if (p.says) expect(byFile.get(p.file), p.file).toMatch(p.says)
      else expect(byFile.get(p.file), p.file).toBeUndefined()
    }
  })
})
