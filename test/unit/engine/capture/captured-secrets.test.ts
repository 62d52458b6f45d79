import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { harvestCapturedSecrets } from '../../../../src/main/engine/capture/captured-secrets'
import { SecretRegistry } from '../../../../src/main/engine/core/secret-registry'
import { sensitiveLabel } from '../../../../src/main/engine/log/sensitive-names'

/** Harvests a response body alone and says which of `values` became secrets. */
function registered(body: string, values: readonly string[]): string[] {
  const secrets = new SecretRegistry()
  harvestCapturedSecrets(secrets, {
    url: 'https://api.example/x',
    requestHeaders: [],
    requestBody: null,
    responseHeaders: [],
    responseBody: body,
  })
  return values.filter(v => secrets.has(v))
}

/** Field names: credential names in several spellings, and API data whose names only contain one. */
const NAMES = [
  'access_token',
  'accessToken',
  'Refresh-Token',
  'code',
  'CODE',
  'code_verifier',
  'client secret',
  'api\u212Aey',
  'countryCode',
  'zipCode',
  'postcode',
  'apiVersion',
  'tokenType',
  'secretary',
  'name',
]

describe('the secret harvest of captured bodies', () => {
  it('registers every value under a credential name, however spelled, and nothing under names that only contain one', () => {
    const field = fc.tuple(fc.constantFrom(...NAMES), fc.stringMatching(/^[A-Za-z0-9]{12,20}$/))
    fc.assert(
      fc.property(fc.array(field, { maxLength: 6 }), fc.boolean(), (fields, nested) => {
        const object = Object.fromEntries(fields)
        const body = JSON.stringify(nested ? { results: [{ data: object }] } : object)
        // A value can stand under two names; it is a secret when any of them is a credential name.
        const values = [...new Set(Object.values(object))]
        const expected = [
          ...new Set(
            Object.entries(object)
              .filter(([k]) => sensitiveLabel(k) !== null)
              .map(([, v]) => v),
          ),
        ]
        expect(registered(body, values).sort()).toEqual(expected.sort())
      }),
      { numRuns: 1500 },
    )
  })

  it('reads credential fields of form bodies too, and of JSON whose names are escaped', () => {
    expect(registered('grant_type=refresh_token&refresh_token=abcdef123456', ['abcdef123456'])).toEqual(['abcdef123456'])
    expect(registered('{"countryCode":"BE","acc\\u0065ss_token":"abcdef123456"}', ['BE', 'abcdef123456'])).toEqual(['abcdef123456'])
  })
})
