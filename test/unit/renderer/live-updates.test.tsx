// @vitest-environment jsdom
import type { QueryClient } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authKeys, logKeys, quotaKeys } from '../../../src/renderer/src/domain/query-keys'
import type { QuotaView } from '../../../src/renderer/src/domain/quota-cache'
import type { LogView } from '../../../src/renderer/src/features/network-log/log-entries'
import type { OAuthStatus } from '../../../src/shared/contract'
import { buildApi } from '../../../src/shared/contract/build-api'
import { EventHub } from '../../../src/shared/contract/event-hub'
import { authorize, startTestConsole, type TestConsole } from '../../integration/requests/support'

// Live updates do not depend on which widget is on screen: the console's query root (what main.tsx renders) is
// mounted here with no status bar, no drawer and no panel, over a real engine (built-in sandbox, loopback OAuth), and
// the engine's events still reach the react-query cache.

let c: TestConsole
let client: QueryClient
let invoke: typeof import('../../../src/renderer/src/bridge/bridge').invoke

beforeAll(async () => {
  c = await startTestConsole()
  // The bridge the preload would expose, over the runtime's own registry and bus (as the web host wires them).
  const hub = new EventHub()
  const off = c.runtime.bus.subscribe(message => hub.deliver(message))
  const close = c.close
  c.close = async () => {
    off()
    await close()
  }
  window.api = buildApi(
    (channel, payload, onCancel) => {
      const controller = new AbortController()
      onCancel?.(() => controller.abort())
      return c.runtime.registry.dispatch(channel, payload, { transport: 'web', signal: controller.signal })
    },
    (name, listener) => hub.on(name, listener),
  )
  // Imported after window.api exists: the bridge picks its transport when it loads.
  const { QueryClient } = await import('@tanstack/react-query')
  const { QueryRoot } = await import('../../../src/renderer/src/frame/query-root')
  invoke = (await import('../../../src/renderer/src/bridge/bridge')).invoke
  client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } })
  render(
    <QueryRoot client={client}>
      <p>No status bar, no drawer, no panel.</p>
    </QueryRoot>,
  )
})

afterAll(async () => {
  cleanup()
  client?.clear()
  await c?.close()
  delete window.api
})

/** Resolves once `check` holds for the cache; the cache says when it changes, so nothing polls. */
function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  if (check()) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop()
      reject(new Error(`the cache never showed ${what} within ${timeoutMs} ms`))
    }, timeoutMs)
    const stop = client.getQueryCache().subscribe(() => {
      if (!check()) return
      clearTimeout(timer)
      stop()
      resolve()
    })
  })
}

describe('live updates with every widget removed', () => {
  it('the status bar and the drawer are not on screen', () => {
    expect(screen.getByText('No status bar, no drawer, no panel.')).toBeTruthy()
    expect(document.querySelector('.status-bar, .drawer')).toBeNull()
  })

  it('an authorization made elsewhere reaches the cached token status through oauth:* events', async () => {
    const status = authKeys.status('sandbox')
    await client.prefetchQuery({ queryKey: status, queryFn: () => invoke('oauth:status', { envId: 'sandbox' }) })
    expect(client.getQueryData<OAuthStatus>(status)?.lifecycle.state).toBe('no-authorization')
    await authorize(c)
    await until(() => client.getQueryData<OAuthStatus>(status)?.lifecycle.state === 'access-token-valid', 'the sandbox token as valid')
    await until(() => client.getQueryData<OAuthStatus>(status)?.tokens.present === true, 'the token view as present')
  })

  it('a request made elsewhere reaches the cached network log and quota list through log:entry and quota:update', async () => {
    await until(() => client.getQueryData<QuotaView>(quotaKeys.list) !== undefined, 'the quota list')
    await until(() => client.getQueryData<LogView>(logKeys.list) !== undefined, 'the network log')
    const before = client.getQueryData<LogView>(logKeys.list)?.entries.length ?? 0
    const list = await c.ok('http:listLocations', {})
    expect(list.locations.length).toBeGreaterThan(0)
    await until(
      () =>
        (client.getQueryData<LogView>(logKeys.list)?.entries ?? [])
          .slice(before)
          .some(e => e.method === 'GET' && e.path.endsWith('/locations') && e.state === 'done'),
      'the GET of the locations as a finished log entry',
    )
    await until(
      () =>
        (client.getQueryData<QuotaView>(quotaKeys.list)?.keys ?? []).some(
          k => k.method === 'GET' && k.path.endsWith('/locations') && k.used > 0,
        ),
      'a used quota key for the GET of the locations',
    )
  })
})
