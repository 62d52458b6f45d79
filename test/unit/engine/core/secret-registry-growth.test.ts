import { describe, expect, it } from 'vitest'
import { KnownSecretMatcher } from '../../../../src/main/engine/core/known-secret-matcher'
import { secretForms } from '../../../../src/main/engine/core/secret-forms'
import { MAX_KNOWN_SECRETS, SecretRegistry } from '../../../../src/main/engine/core/secret-registry'

/** A small alphabet makes values overlap, nest and share prefixes: the cases a split automaton could get wrong. */
function randomValue(random: () => number): string {
  const alphabet = 'ab+/=%c'
  const length = 6 + Math.floor(random() * 10)
  let out = ''
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(random() * alphabet.length)]
  return out
}

function seeded(seed: number): () => number {
  let s = seed
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648
    return s / 2147483648
  }
}

/** What one automaton over every value, built at once, replaces: the reference the registry must equal. */
function oneShot(values: string[], registry: SecretRegistry, text: string): string {
  const patterns: string[] = []
  const markers: string[] = []
  for (const value of values)
    for (const form of secretForms(value))
      if (form.length >= 6) {
        patterns.push(form)
        markers.push(registry.maskFor(value))
      }
  return new KnownSecretMatcher(patterns).replace(text, index => markers[index] as string)
}

describe('the secret registry as values keep arriving during a session', () => {
  it('redacts exactly as if every value had been known from the start, whatever the order of adds and redactions', () => {
    const random = seeded(23)
    const registry = new SecretRegistry()
    const values: string[] = []
    for (let round = 0; round < 120; round++) {
      const value = randomValue(random)
      if (!registry.has(value)) values.push(value)
      registry.add(value)
      const text = Array.from({ length: 4 }, () => randomValue(random)).join('') + values[Math.floor(random() * values.length)]
      expect(registry.redact(text)).toBe(oneShot(values, registry, text))
      expect(registry.contains(text)).toBe(oneShot(values, registry, text) !== text)
    }
  })

  it('a value that contains an older one, or is contained in it, is still replaced whole (longest first)', () => {
    const registry = new SecretRegistry()
    registry.add('tok_abcdef', 'access_token')
    expect(registry.redact('x tok_abcdef y')).toContain('[redacted:access_token:')
    registry.add('tok_abcdef_123456', 'refresh_token')
    registry.add('abcdef_1', 'code')
    const out = registry.redact('x tok_abcdef_123456 y tok_abcdef z')
    expect(out).toMatch(/^x \[redacted:refresh_token:[0-9a-f]{8}\] y \[redacted:access_token:[0-9a-f]{8}\] z$/)
  })

  it('past the cap, the oldest tokens are forgotten and the newest and the client secret are still redacted', () => {
    const registry = new SecretRegistry()
    registry.add('client-secret-value', 'client_secret')
    for (let i = 0; i < MAX_KNOWN_SECRETS + 50; i++) {
      registry.add(`token-${String(i).padStart(6, '0')}`, 'access_token')
      if (i % 97 === 0) registry.redact('warm')
    }
    expect(registry.size).toBeLessThanOrEqual(MAX_KNOWN_SECRETS)
    expect(registry.redact('token-000000')).toBe('token-000000')
    expect(registry.redact(`token-${String(MAX_KNOWN_SECRETS + 49).padStart(6, '0')}`)).toMatch(/^\[redacted:access_token:/)
    expect(registry.redact('client-secret-value')).toMatch(/^\[redacted:client_secret:/)
  })
})
