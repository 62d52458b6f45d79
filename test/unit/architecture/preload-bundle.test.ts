import { resolve } from 'node:path'
import { build, type Rolldown } from 'vite'
import { describe, expect, it } from 'vitest'
import config from '../../../electron.vite.config'

const ROOT = resolve(import.meta.dirname, '../../..')

/** Contract modules without zod (the same list the walls test keeps): the only contract modules a preload may carry. */
const ZOD_FREE = ['errors', 'web-protocol', 'build-api', 'event-hub', 'transport', 'channel-names'].map(m =>
  resolve(ROOT, `src/shared/contract/${m}.ts`),
)

/** Bundles `entry` the way electron-vite bundles the preload (same rolldown options, in memory) and lists its modules. */
async function bundledModules(entry: string): Promise<{ modules: string[]; code: string }> {
  const preload = config.preload?.build?.rolldownOptions
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      rolldownOptions: { input: entry, external: preload?.external, output: { format: 'cjs' } },
    },
  })
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]
  const chunks = outputs.flatMap(o => o.output).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk')
  return { modules: chunks.flatMap(c => Object.keys(c.modules)), code: chunks.map(c => c.code).join('\n') }
}

/** What a bundle carries that a preload must not: zod itself, or a contract module that is not zod-free (a schema). */
function zodIn(modules: string[]): string[] {
  return modules.filter(m => m.includes('/node_modules/zod/') || (m.includes('/src/shared/contract/') && !ZOD_FREE.includes(m)))
}

describe('the preload bundle', () => {
  it('is configured from src/preload/index.ts with electron left external', () => {
    const input = config.preload?.build?.rolldownOptions?.input as Record<string, string>
    expect(input.index).toBe(resolve(ROOT, 'src/preload/index.ts'))
    expect(config.preload?.build?.rolldownOptions?.external).toEqual(['electron'])
  })

  it('carries no zod and no schema: the channel names come from channel-names.ts', async () => {
    const { modules, code } = await bundledModules(resolve(ROOT, 'src/preload/index.ts'))
    expect(modules).toContain(resolve(ROOT, 'src/shared/contract/channel-names.ts'))
    expect(zodIn(modules)).toEqual([])
    expect(code).not.toMatch(/\bZodError\b|\$ZodType/)
  })

  it('the check can fail: bundling the schema barrel (what the preload once imported) shows zod', async () => {
    const { modules, code } = await bundledModules(resolve(ROOT, 'src/shared/contract/index.ts'))
    expect(zodIn(modules).some(m => m.includes('/node_modules/zod/'))).toBe(true)
    expect(code).toMatch(/\bZodError\b|\$ZodType/)
  })
})
