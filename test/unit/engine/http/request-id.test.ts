import { describe, expect, it, vi } from 'vitest'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('request ids', () => {
  it('are UUID-shaped and never repeat within a process', async () => {
    const { nextRequestId } = await import('../../../../src/main/engine/http/request-id')
    const seen = new Set<string>()
    for (let i = 0; i < 20_000; i++) {
      const id = nextRequestId()
      expect(id).toMatch(UUID)
      seen.add(id)
    }
    expect(seen.size).toBe(20_000)
  })

  it('differ between two runs of the console (a saved log and a new one never share an id)', async () => {
    const first = (await import('../../../../src/main/engine/http/request-id')).nextRequestId()
    vi.resetModules()
    const second = (await import('../../../../src/main/engine/http/request-id')).nextRequestId()
    expect(second).not.toBe(first)
    expect(second.slice(0, 24)).not.toBe(first.slice(0, 24))
  })
})
