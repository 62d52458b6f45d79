import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { exportedEnvironmentSchema, headerNameSchema, lazySchema } from '../../../src/shared/contract'

// The contract's shared schemas are built the first time something reads them, not when a process imports the
// contract (a CLI command pays only for the channels it calls); once built they must behave as the schema itself.

describe('a schema built on first use', () => {
  it('is not built until read, then built once however often it is used', () => {
    let builds = 0
    const name = lazySchema(() => {
      builds += 1
      return z.string().min(2)
    })
    expect(builds).toBe(0)
    expect(name.safeParse('ok').success).toBe(true)
    expect(name.safeParse('x').success).toBe(false)
    expect(name.parse('again')).toBe('again')
    expect(builds).toBe(1)
  })

  it('nests, extends and narrows like the schema it stands for, with the same messages and defaults', () => {
    const inner = lazySchema(() => z.object({ port: z.number().int().default(8080) }).strict())
    const outer = z.object({ inner, tags: z.array(lazySchema(() => z.string().max(3))) })
    expect(outer.parse({ inner: {}, tags: ['a'] })).toEqual({ inner: { port: 8080 }, tags: ['a'] })
    const refused = outer.safeParse({ inner: { port: 1.5, extra: 1 }, tags: ['long'] })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues.map(i => i.path.join('.')).sort()).toEqual(['inner', 'inner.port', 'tags.0'])
    expect(inner.extend({ host: z.string() }).parse({ host: 'h' })).toEqual({ port: 8080, host: 'h' })
    expect(inner.optional().parse(undefined)).toBeUndefined()
    expect(inner instanceof z.ZodObject).toBe(true)
    expect(inner instanceof z.ZodString).toBe(false)
  })

  it("keeps the contract's own shared schemas' rules (a header name, an exported environment)", () => {
    expect(headerNameSchema.safeParse('X-Partner').success).toBe(true)
    expect(headerNameSchema.safeParse('X Partner\n').success).toBe(false)
    expect(exportedEnvironmentSchema.safeParse({ name: 'x', unexpected: true }).success).toBe(false)
  })
})
