import { describe, expect, it } from 'vitest'
import { isTrustedSender } from '../../../src/main/electron/sender-guard'

const packaged = { fileUrl: 'file:///opt/console/resources/app/out/renderer/index.html' }
const dev = { devOrigin: 'http://localhost:5173' }

describe('isTrustedSender', () => {
  it('trusts the main frame of the packaged page', () => {
    expect(isTrustedSender({ url: 'file:///opt/console/resources/app/out/renderer/index.html', isMainFrame: true }, packaged)).toBe(true)
    expect(isTrustedSender({ url: 'file:///opt/console/resources/app/out/renderer/index.html#/x', isMainFrame: true }, packaged)).toBe(true)
  })

  it('refuses another local file, an iframe, a web page, a missing frame and garbage URLs', () => {
    expect(isTrustedSender({ url: 'file:///tmp/evil.html', isMainFrame: true }, packaged)).toBe(false)
    expect(isTrustedSender({ url: 'file:///opt/console/resources/app/out/renderer/index.html', isMainFrame: false }, packaged)).toBe(false)
    expect(isTrustedSender({ url: 'https://example.com/', isMainFrame: true }, packaged)).toBe(false)
    expect(isTrustedSender(null, packaged)).toBe(false)
    expect(isTrustedSender({ url: 'not a url', isMainFrame: true }, packaged)).toBe(false)
  })

  it('trusts the dev server origin only when one is configured, and only that origin', () => {
    expect(isTrustedSender({ url: 'http://localhost:5173/', isMainFrame: true }, dev)).toBe(true)
    expect(isTrustedSender({ url: 'http://localhost:5174/', isMainFrame: true }, dev)).toBe(false)
    expect(isTrustedSender({ url: 'http://localhost:5173/', isMainFrame: true }, packaged)).toBe(false)
    expect(isTrustedSender({ url: 'file:///opt/console/resources/app/out/renderer/index.html', isMainFrame: true }, dev)).toBe(false)
  })
})
