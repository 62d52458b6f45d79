import { describe, expect, it } from 'vitest'
import { isTrustedSender } from '../../../src/main/electron/sender-guard'

const packaged = { appOrigin: 'app://console' }
const dev = { devOrigin: 'http://localhost:5173' }

describe('isTrustedSender', () => {
  it('trusts the main frame of the app page', () => {
    expect(isTrustedSender({ url: 'app://console/index.html', isMainFrame: true }, packaged)).toBe(true)
    expect(isTrustedSender({ url: 'app://console/index.html#/tokens', isMainFrame: true }, packaged)).toBe(true)
  })

  it('refuses local files, other app hosts, iframes, web pages, a missing frame and garbage URLs', () => {
    expect(isTrustedSender({ url: 'file:///opt/console/out/renderer/index.html', isMainFrame: true }, packaged)).toBe(false)
    expect(isTrustedSender({ url: 'app://evil/index.html', isMainFrame: true }, packaged)).toBe(false)
    expect(isTrustedSender({ url: 'app://console/index.html', isMainFrame: false }, packaged)).toBe(false)
    expect(isTrustedSender({ url: 'https://example.com/', isMainFrame: true }, packaged)).toBe(false)
    expect(isTrustedSender({ url: 'https://console/', isMainFrame: true }, packaged)).toBe(false)
    expect(isTrustedSender(null, packaged)).toBe(false)
    expect(isTrustedSender({ url: 'not a url', isMainFrame: true }, packaged)).toBe(false)
  })

  it('trusts the dev server origin only when one is configured, and only that origin', () => {
    expect(isTrustedSender({ url: 'http://localhost:5173/', isMainFrame: true }, dev)).toBe(true)
    expect(isTrustedSender({ url: 'http://localhost:5174/', isMainFrame: true }, dev)).toBe(false)
    expect(isTrustedSender({ url: 'http://localhost:5173/', isMainFrame: true }, packaged)).toBe(false)
    expect(isTrustedSender({ url: 'app://console/index.html', isMainFrame: true }, dev)).toBe(false)
  })
})
