import { describe, expect, it } from 'vitest'
import { createLaunchTokens, LAUNCH_TOKEN_TTL_MS } from '../../../src/main/web/launch-tokens'

describe('one-time launch tokens', () => {
  it('a token is good once', () => {
    const tokens = createLaunchTokens()
    const token = tokens.issue()
    expect(tokens.redeem(token)).toBe(true)
    expect(tokens.redeem(token)).toBe(false)
  })

  it('a token is dead after a minute, even unused', () => {
    let now = 1_000_000
    const tokens = createLaunchTokens(LAUNCH_TOKEN_TTL_MS, () => now)
    const late = tokens.issue()
    const inTime = tokens.issue()
    now += LAUNCH_TOKEN_TTL_MS
    expect(tokens.redeem(inTime)).toBe(true)
    now += 1
    expect(tokens.redeem(late)).toBe(false)
    expect(LAUNCH_TOKEN_TTL_MS).toBeLessThanOrEqual(60_000)
  })

  it('refuses strings it never issued, prefixes and extensions of real tokens included', () => {
    const tokens = createLaunchTokens()
    const token = tokens.issue()
    for (const guess of ['', 'x', token.slice(0, -1), `${token}A`, token.toUpperCase(), ` ${token}`]) {
      expect(tokens.redeem(guess)).toBe(false)
    }
    expect(tokens.redeem(token)).toBe(true)
  })

  it('keeps a bounded number outstanding: the oldest dies first', () => {
    const tokens = createLaunchTokens()
    const first = tokens.issue()
    const rest = Array.from({ length: 16 }, () => tokens.issue())
    expect(tokens.redeem(first)).toBe(false)
    for (const token of rest) expect(tokens.redeem(token)).toBe(true)
  })
})
