import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { shapeIssues } from '../../../../src/main/engine/http/typed-endpoints'

// The zod schemas the typed endpoints used before their hand-written checks: the oracle for verdicts and issues.
const locationSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  timeZone: z.string(),
  merchantId: z.string(),
  countryCode: z.string(),
  currency: z.string(),
  language: z.string(),
  brandRef: z.string(),
  address: z.looseObject({ street: z.string(), city: z.string(), state: z.string(), zipCode: z.string() }),
})
const listSchema = z.looseObject({ results: z.array(z.unknown()), meta: z.record(z.string(), z.unknown()).optional() })

const zodIssues = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues ?? []

/** Any value JSON.parse can give (numbers past the safe range and ±Infinity from 1e400 included), and undefined. */
const anything = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(1.5, 2 ** 53, -(2 ** 53), 1e300, -1e300, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN, -0),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.constantFrom('a', 'street', 'city', '__proto__'), fc.string({ maxLength: 2 }), { maxKeys: 2 }),
)
/** A field's value: mostly right (so later fields are reached), sometimes anything. */
const field = (right: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary: right, weight: 3 }, { arbitrary: anything, weight: 1 })
const address = fc.oneof(
  fc.record(
    { street: field(fc.string()), city: field(fc.string()), state: field(fc.string()), zipCode: field(fc.string()) },
    { requiredKeys: [] },
  ),
  anything,
)
const location = fc.oneof(
  fc.record(
    {
      id: field(fc.integer()),
      name: field(fc.string()),
      timeZone: field(fc.string()),
      merchantId: field(fc.string()),
      countryCode: field(fc.string()),
      currency: field(fc.string()),
      language: field(fc.string()),
      brandRef: field(fc.string()),
      address,
      extra: anything,
    },
    { requiredKeys: [] },
  ),
  anything,
)
const list = fc.oneof(
  fc.record(
    { results: field(fc.array(anything, { maxLength: 3 })), meta: field(fc.dictionary(fc.string(), anything)), more: anything },
    { requiredKeys: [] },
  ),
  anything,
)

describe('the typed endpoints’ shape checks', () => {
  it('accept and refuse a location exactly as its zod schema does, with the same issues in the same order', () => {
    fc.assert(
      fc.property(location, value => {
        expect(shapeIssues('location', value)).toEqual(zodIssues(locationSchema, value))
      }),
      { numRuns: 5000 },
    )
  })

  it('accept and refuse a list body (results, optional meta) exactly as its zod schema does', () => {
    fc.assert(
      fc.property(list, value => {
        expect(shapeIssues('list', value)).toEqual(zodIssues(listSchema, value))
      }),
      { numRuns: 5000 },
    )
  })

  it('name the first mismatch the way a user reads it', () => {
    expect(shapeIssues('location', { id: 1.5 })[0]?.message).toBe('Invalid input: expected int, received number')
    expect(shapeIssues('list', { results: [], meta: [] })).toEqual([
      { expected: 'record', code: 'invalid_type', path: ['meta'], message: 'Invalid input: expected record, received array' },
    ])
    expect(shapeIssues('list', JSON.parse('{"results":[],"meta":{}}'))).toEqual([])
  })
})
