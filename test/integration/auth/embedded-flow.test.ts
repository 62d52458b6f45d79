import { afterEach, describe, expect, it } from 'vitest'
import type { EmbeddedWindowOpener } from '../../../src/main/engine/oauth/embedded-window-port'
import { matchesRedirectUri } from '../../../src/main/engine/oauth/redirect-match'
import { addEnvironment, eventOf, removeDir, startConsole, startTestSandbox } from './auth-harness'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

/**
 * An EmbeddedWindowOpener that behaves like the Electron window as far as HTTP goes: it follows the server's
 * redirects and stops at the first URL on the redirect URI, without requesting it. Records what it visited.
 */
function httpWindow(visited: string[]): EmbeddedWindowOpener {
  return {
    open(request) {
      let closed = false
      const outcome = (async () => {
        let url = request.authorizeUrl
        for (let hop = 0; hop < 5 && !closed; hop++) {
          if (matchesRedirectUri(url, request.redirectUri)) return { kind: 'redirect' as const, url }
          visited.push(url)
          const response = await fetch(url, { redirect: 'manual' })
          await response.arrayBuffer()
          const location = response.headers.get('location')
          if (!location) break
          url = new URL(location, url).toString()
        }
        return { kind: 'closed' as const }
      })()
      return {
        outcome,
        close: () => {
          closed = true
        },
      }
    },
  }
}

describe('embedded catch mode (engine side)', () => {
  it('completes with the https redirect URI the partner registered, which is never requested', async () => {
    const registered = 'https://partner.example/oauth/callback'
    const s = await startTestSandbox({ autoConsent: 'allow', extraRedirectUris: [registered] })
    cleanups.push(() => s.sandbox.close())
    const visited: string[] = []
    const c = await startConsole({ transport: 'electron', embeddedWindow: httpWindow(visited) })
    cleanups.push(() => removeDir(c.dataDir))
    cleanups.push(() => c.close())
    await addEnvironment(c, { ...s, redirectUri: registered }, { catchMode: 'embedded' })
    const start = await c.ok('oauth:start', {})
    expect(start).toMatchObject({ mode: 'embedded', opener: 'engine', listeningOn: null })
    const done = await eventOf(c, 'oauth:flow', f => ['done', 'failed', 'denied'].includes(f.step))
    expect(done.step).toBe('done')
    expect(done.stateChecked).toBe(true)
    expect(visited.some(u => u.startsWith(registered))).toBe(false)
    expect((await c.ok('oauth:tokens', {})).present).toBe(true)
  })

  it('reports a window closed before the redirect', async () => {
    const s = await startTestSandbox({ autoConsent: 'allow' })
    cleanups.push(() => s.sandbox.close())
    const closedWindow: EmbeddedWindowOpener = { open: () => ({ outcome: Promise.resolve({ kind: 'closed' }), close: () => {} }) }
    const c = await startConsole({ transport: 'electron', embeddedWindow: closedWindow })
    cleanups.push(() => removeDir(c.dataDir))
    cleanups.push(() => c.close())
    await addEnvironment(c, s, { catchMode: 'embedded' })
    await c.ok('oauth:start', {})
    await eventOf(c, 'oauth:flow', f => f.step === 'failed')
    expect((await c.ok('oauth:status', {})).flow.failure?.code).toBe('window_closed')
  })

  it('in Electron, opens the system browser from the engine for loopback mode', async () => {
    const s = await startTestSandbox({ autoConsent: 'allow' })
    cleanups.push(() => s.sandbox.close())
    const opened: string[] = []
    const c = await startConsole({ transport: 'electron', openExternal: async url => void opened.push(url) })
    cleanups.push(() => removeDir(c.dataDir))
    cleanups.push(() => c.close())
    await addEnvironment(c, s)
    const start = await c.ok('oauth:start', {})
    expect(start.opener).toBe('engine')
    expect(opened).toEqual([start.authorizeUrl])
    await c.ok('oauth:cancel', {})
  })
})
