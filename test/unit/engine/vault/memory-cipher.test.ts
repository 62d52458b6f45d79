import { describe, expect, it } from 'vitest'
import { createMemoryCipher } from '../../../../src/main/engine/vault/memory-cipher'

describe('the in-memory cipher of a temporary run', () => {
  it('reads back what it wrote, bound to the record name', async () => {
    const cipher = createMemoryCipher()
    const record = await cipher.encrypt('sbx_secret_abcdef', 'env-1:client_secret')
    expect(await cipher.decrypt(record, 'env-1:client_secret')).toBe('sbx_secret_abcdef')
    expect(() => cipher.decrypt(record, 'env-2:client_secret')).toThrow(/integrity check/)
  })

  it('holds its key in this process only: another run cannot read a vault left behind, and is told what to do', async () => {
    const record = await createMemoryCipher().encrypt('sbx_secret_abcdef', 'k')
    expect(() => createMemoryCipher().decrypt(record, 'k')).toThrow(/integrity check/)
    try {
      createMemoryCipher().decrypt(record, 'k')
    } catch (error) {
      expect((error as { hint?: string }).hint).toMatch(/temporary run starts with a new, empty vault/)
    }
    expect(createMemoryCipher().info.description).toMatch(/never written to disk/)
  })
})
