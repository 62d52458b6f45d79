import { describe, expect, it } from 'vitest'
import { quotaKey } from '../../../../src/main/engine/quota/quota-key'
import { QuotaLimits } from '../../../../src/main/engine/quota/quota-limits'
import { composeRequest } from '../../../../src/main/engine/requests/compose-request'
import { CATALOGUE } from '../../../../src/renderer/src/features/requests/catalogue'
import { EMPTY_DRAFT } from '../../../../src/renderer/src/features/requests/draft'
import { jsonProblem, placeholders } from '../../../../src/renderer/src/features/requests/draft-checks'
import { composerRequestSchema } from '../../../../src/shared/contract'
import { specAuthFor } from '../../../../src/shared/spec'

describe('the Requests catalogue', () => {
  const items = CATALOGUE.flatMap(g => g.items.map(item => ({ group: g, item })))

  it('holds the spec’s endpoints 4.1–4.7 and the three section 8 families', () => {
    expect(items.map(i => i.item.id).filter(id => /^4\.\d$/.test(id))).toEqual(['4.1', '4.2', '4.3', '4.4', '4.5', '4.6', '4.7'])
    expect(CATALOGUE.filter(g => g.illustrative).map(g => g.id)).toEqual(['online-ordering', 'pos-checks', 'pos-lookup'])
  })

  it('every entry is a valid composer request whose placeholders all have values and whose JSON bodies parse', () => {
    for (const { item } of items) {
      const parsed = composerRequestSchema.safeParse({ ...item.draft, body: item.draft.body || undefined })
      expect(parsed.success, item.id).toBe(true)
      if (parsed.success) expect(() => composeRequest(parsed.data), item.id).not.toThrow()
      expect(jsonProblem(item.draft), item.id).toBeNull()
    }
  })

  it("every entry authenticates as the spec gives its path (the CLI's default for a request without --auth)", () => {
    for (const { item } of items) expect(specAuthFor(item.draft.target, item.draft.path), item.id).toBe(item.draft.auth)
  })

  it('the section 8 entries fall under the 500-per-hour rules of the quota table, the others under the default', () => {
    const limits = new QuotaLimits()
    for (const { group, item } of items) {
      const parsed = composerRequestSchema.parse({ ...item.draft, body: item.draft.body || undefined })
      const key = quotaKey('c', parsed.method, composeRequest(parsed).path)
      expect(limits.limitFor(key.method, key.path), item.id).toBe(group.illustrative ? 500 : 100)
    }
  })
})

describe('composer helpers', () => {
  it('lists placeholders once, in order', () => {
    expect(placeholders('/pos/v2/{locationId}/checks/{checkId}/{locationId}')).toEqual(['locationId', 'checkId'])
  })

  it('checks a body as JSON when the content type or the first character says it is', () => {
    const json = { name: 'content-type', value: 'application/json', enabled: true }
    expect(jsonProblem({ ...EMPTY_DRAFT, headers: [json], body: '{"a":' })).toMatch(/JSON|Unexpected|Expected/)
    expect(jsonProblem({ ...EMPTY_DRAFT, body: '[1,' })).not.toBeNull()
    expect(jsonProblem({ ...EMPTY_DRAFT, body: 'plain text' })).toBeNull()
    expect(jsonProblem({ ...EMPTY_DRAFT, headers: [{ ...json, enabled: false }], body: 'a=1' })).toBeNull()
  })
})
