import { describe, expect, it } from 'vitest'
import { characterDiff, diagnoseRedirectMismatch } from '../../../../src/main/engine/oauth/redirect-diagnosis'

const kinds = (sent: string, registered: string) => diagnoseRedirectMismatch(sent, registered).differences.map(d => d.kind)

describe('diagnoseRedirectMismatch', () => {
  it('says identical URIs are identical', () => {
    const d = diagnoseRedirectMismatch('https://a.example/cb', 'https://a.example/cb')
    expect(d).toMatchObject({
      equal: true,
      firstDifferenceAt: null,
      differences: [],
      segments: [{ kind: 'same', text: 'https://a.example/cb' }],
    })
  })

  it('names each usual culprit', () => {
    expect(kinds('https://a.example/cb/', 'https://a.example/cb')).toEqual(['trailing-slash'])
    expect(kinds('http://a.example/cb', 'https://a.example/cb')).toEqual(['scheme'])
    expect(kinds('https://A.example/cb', 'https://a.example/cb')).toEqual(['host-case'])
    expect(kinds('https://a.example:443/cb', 'https://a.example/cb')).toEqual(['default-port'])
    expect(kinds('http://127.0.0.1:8080/cb', 'http://127.0.0.1:8081/cb')).toEqual(['port'])
    expect(kinds('http://localhost:8080/cb', 'http://127.0.0.1:8080/cb')).toEqual(['loopback-alias'])
    expect(kinds('https://a.example/o%2Fcb', 'https://a.example/o/cb')).toEqual(['encoding'])
    expect(kinds('https://a.example/Callback', 'https://a.example/callback')).toEqual(['path-case'])
    expect(kinds('https://a.example/cb?x=1', 'https://a.example/cb')).toEqual(['query'])
    expect(kinds(' https://a.example/cb', 'https://a.example/cb')).toEqual(['whitespace'])
    expect(kinds('https://b.example/cb', 'https://a.example/cb')).toEqual(['host'])
    expect(kinds('cb', 'https://a.example/cb')).toEqual(['unparseable'])
  })

  it('points at the first differing character and writes a summary naming the cause', () => {
    const d = diagnoseRedirectMismatch('http://127.0.0.1:8080/callback', 'http://127.0.0.1:8081/callback')
    expect(d.firstDifferenceAt).toBe('http://127.0.0.1:808'.length)
    expect(d.summary).toMatch(/port differs \(8080 sent, 8081 registered\)/)
  })
})

describe('characterDiff', () => {
  it('aligns both strings so that each side can be rebuilt from its runs', () => {
    const sent = 'https://app.example.com/oauth/callback/'
    const registered = 'https://App.example.com:443/oauth/callback'
    const segments = characterDiff(sent, registered)
    expect(
      segments
        .filter(s => s.kind !== 'registered-only')
        .map(s => s.text)
        .join(''),
    ).toBe(sent)
    expect(
      segments
        .filter(s => s.kind !== 'sent-only')
        .map(s => s.text)
        .join(''),
    ).toBe(registered)
    expect(segments).toContainEqual({ kind: 'registered-only', text: ':443' })
    expect(segments.at(-1)).toEqual({ kind: 'sent-only', text: '/' })
  })

  it('merges runs and handles empty strings', () => {
    expect(characterDiff('', 'abc')).toEqual([{ kind: 'registered-only', text: 'abc' }])
    expect(characterDiff('abc', '')).toEqual([{ kind: 'sent-only', text: 'abc' }])
    expect(characterDiff('abXd', 'abYd').map(s => s.kind)).toEqual(['same', 'sent-only', 'registered-only', 'same'])
  })
})
