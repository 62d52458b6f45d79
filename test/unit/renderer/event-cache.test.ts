import { QueryClient, QueryObserver, skipToken } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EventBus } from '../../../src/main/engine/core/event-bus'
import { idleState } from '../../../src/main/engine/oauth/flow-attempt'
import { LifecycleTracker } from '../../../src/main/engine/oauth/lifecycle-tracker'
import { tokenView } from '../../../src/main/engine/oauth/token-set'
import { applyFlow, applyLifecycle, applyTokens, mergeStatus } from '../../../src/renderer/src/domain/auth-cache'
import { applyEnvironmentChange } from '../../../src/renderer/src/domain/environment-cache'
import { setLastAnswer } from '../../../src/renderer/src/domain/last-answer'
import { appKeys, authKeys, environmentsKeys, exportKeys, quotaKeys } from '../../../src/renderer/src/domain/query-keys'
import { applyQuotaBlocked, applyQuotaUpdate, type QuotaView, withBlocks } from '../../../src/renderer/src/domain/quota-cache'
import type {
  AppInfo,
  EnvironmentSummary,
  OAuthFlowState,
  OAuthLifecycle,
  OAuthStatus,
  QuotaBlockedEvent,
  QuotaConfig,
  QuotaKeyState,
  TokenView,
} from '../../../src/shared/contract'

// Events that carry the new state are written into the react-query cache (a real QueryClient); the others invalidate.

/** The engine's own lifecycle tracker on a clock we move, recording what it emits. */
function lifecycles() {
  const bus = new EventBus()
  const events: OAuthLifecycle[] = []
  bus.subscribe(m => {
    if (m.name === 'oauth:lifecycle') events.push(m.payload)
  })
  let now = Date.parse('2030-01-01T00:00:00Z')
  const tracker = new LifecycleTracker(bus, () => (now += 1000))
  return { tracker, events }
}

/** The engine's own token view: none, or a present access token with the given fingerprint. */
const tokens = (envId: string, fingerprint: string | null): TokenView => {
  const none = tokenView(envId, undefined, 0, fingerprint ? 'access-token-valid' : 'no-authorization', { persist: false, note: null })
  return fingerprint ? { ...none, present: true, accessToken: { masked: 'eyJ…', fingerprint }, tokenType: 'Bearer' } : none
}

/** The engine's idle flow state, moved to a step of flow f1. */
const flow = (envId: string | null, step: OAuthFlowState['step'], at: string): OAuthFlowState => ({
  ...idleState(envId, Date.parse(at)),
  flowId: 'f1',
  step,
  mode: 'loopback',
  at,
})

let client: QueryClient
beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
})
afterEach(() => client.clear())

/** Puts a query in the cache the way a mounted useQuery leaves it, and says whether it was invalidated since. */
function seed<T>(key: readonly unknown[], data: T) {
  client.setQueryData(key, data)
  return () => client.getQueryState(key)?.isInvalidated ?? false
}

describe('auth events and the cache', () => {
  it('oauth:lifecycle goes into the environment’s status; the tokens it does not carry are invalidated', () => {
    const { tracker, events } = lifecycles()
    const initial = tracker.get('sandbox')
    const status: OAuthStatus = { flow: flow('sandbox', 'idle', initial.at), lifecycle: initial, tokens: tokens('sandbox', null) }
    const statusInvalidated = seed(authKeys.status('sandbox'), status)
    const tokensInvalidated = seed(authKeys.tokens('sandbox'), tokens('sandbox', null))
    tracker.set('sandbox', 'access-token-valid', 'token-exchange', Date.parse('2030-01-02T00:00:00Z'))
    applyLifecycle(client, events[0] as OAuthLifecycle)
    expect(client.getQueryData<OAuthStatus>(authKeys.status('sandbox'))?.lifecycle).toEqual(events[0])
    expect(statusInvalidated()).toBe(false)
    expect(tokensInvalidated()).toBe(true)
  })

  it('an answer that left before an event does not undo it (the newest `at` wins)', () => {
    const { tracker, events } = lifecycles()
    const before = tracker.get('sandbox')
    tracker.set('sandbox', 'access-token-expired', 'lifetime-elapsed', null)
    const fresh: OAuthStatus = { flow: flow('sandbox', 'idle', before.at), lifecycle: before, tokens: tokens('sandbox', null) }
    const cached: OAuthStatus = { ...fresh, lifecycle: events[0] as OAuthLifecycle }
    expect(mergeStatus(fresh, cached).lifecycle.state).toBe('access-token-expired')
    expect(mergeStatus(fresh, undefined)).toBe(fresh)
  })

  it('oauth:tokensChanged carries the token view: tokens and status take it, nothing is refetched', () => {
    const { tracker } = lifecycles()
    const status: OAuthStatus = {
      flow: flow('sandbox', 'idle', '2030-01-01T00:00:00Z'),
      lifecycle: tracker.get('sandbox'),
      tokens: tokens('sandbox', null),
    }
    const statusInvalidated = seed(authKeys.status('sandbox'), status)
    const view = tokens('sandbox', 'ab12cd')
    applyTokens(client, view)
    expect(client.getQueryData(authKeys.tokens('sandbox'))).toEqual(view)
    expect(client.getQueryData<OAuthStatus>(authKeys.status('sandbox'))?.tokens).toEqual(view)
    expect(statusInvalidated()).toBe(false)
  })

  it('oauth:flow goes into its environment’s status; a finished flow refetches it; a flow without environment reaches every status', () => {
    const { tracker } = lifecycles()
    const base: OAuthStatus = { flow: flow('a', 'idle', '2030-01-01T00:00:00Z'), lifecycle: tracker.get('a'), tokens: tokens('a', null) }
    const aInvalidated = seed(authKeys.status('a'), base)
    seed(authKeys.status('b'), { ...base, flow: flow('b', 'idle', '2030-01-01T00:00:00Z') })
    applyFlow(client, flow('a', 'waiting-for-callback', '2030-01-01T00:00:05Z'))
    expect(client.getQueryData<OAuthStatus>(authKeys.status('a'))?.flow.step).toBe('waiting-for-callback')
    expect(aInvalidated()).toBe(false)
    applyFlow(client, flow('a', 'done', '2030-01-01T00:00:09Z'))
    expect(client.getQueryData<OAuthStatus>(authKeys.status('a'))?.flow.step).toBe('done')
    expect(aInvalidated()).toBe(true)
    applyFlow(client, flow(null, 'idle', '2030-01-01T00:00:10Z'))
    expect(client.getQueryData<OAuthStatus>(authKeys.status('b'))?.flow.envId).toBeNull()
  })

  it('an event for a status not loaded yet does not invent one', () => {
    const { tracker, events } = lifecycles()
    tracker.set('nowhere', 'denied', 'deny', null)
    applyLifecycle(client, events[0] as OAuthLifecycle)
    expect(client.getQueryData(authKeys.status('nowhere'))).toBeUndefined()
  })
})

const CONFIG: QuotaConfig = { defaultLimit: 1000, windowSeconds: 3600, overrides: [], specRules: [] }

function key(path: string, patch: Partial<QuotaKeyState> = {}): QuotaKeyState {
  return {
    key: `client GET ${path}`,
    clientId: 'client',
    method: 'GET',
    path,
    limit: 1000,
    limitSource: 'table',
    windowSeconds: 3600,
    serverRemaining: null,
    serverObservedAt: null,
    used: 1,
    predictedRemaining: 999,
    nextUnitAt: null,
    retryAfterUntil: null,
    retryAfter: null,
    history: [],
    lastStatus: 200,
    notes: [],
    updatedAt: '2030-01-01T00:00:00.000Z',
    ...patch,
  }
}

const blocked = (state: QuotaKeyState): QuotaBlockedEvent => ({
  key: state.key,
  clientId: state.clientId,
  method: state.method,
  path: state.path,
  until: '2030-01-01T00:01:00.000Z',
  seconds: 60,
  source: 'retry-after',
})

describe('quota events and the cache', () => {
  it('quota:update replaces or adds its key; quota:blocked is kept until an update ends the block', () => {
    const a = key('/a')
    const invalidated = seed<QuotaView>(quotaKeys.list, { keys: [a], config: CONFIG, blocks: {} })
    const aBlocked = key('/a', { used: 2, lastStatus: 429, retryAfterUntil: '2030-01-01T00:01:00.000Z' })
    applyQuotaUpdate(client, aBlocked)
    applyQuotaBlocked(client, blocked(aBlocked))
    applyQuotaUpdate(client, key('/b'))
    let view = client.getQueryData<QuotaView>(quotaKeys.list)
    expect(view?.keys.map(k => [k.path, k.used])).toEqual([
      ['/a', 2],
      ['/b', 1],
    ])
    expect(Object.keys(view?.blocks ?? {})).toEqual([a.key])
    applyQuotaUpdate(client, key('/a', { used: 2 }))
    view = client.getQueryData<QuotaView>(quotaKeys.list)
    expect(view?.blocks).toEqual({})
    expect(invalidated()).toBe(false)
  })

  it('a fresh list drops forgotten keys and the blocks of keys no longer blocked', () => {
    const a = key('/a', { retryAfterUntil: '2030-01-01T00:01:00.000Z' })
    const b = key('/b', { retryAfterUntil: '2030-01-01T00:01:00.000Z' })
    const cached: QuotaView = { keys: [a, b], config: CONFIG, blocks: { [a.key]: blocked(a), [b.key]: blocked(b) } }
    const fresh = withBlocks({ keys: [a, key('/b')], config: CONFIG }, cached)
    expect(Object.keys(fresh.blocks)).toEqual([a.key])
    expect(withBlocks({ keys: [], config: CONFIG }, cached).blocks).toEqual({})
  })

  it('an update before the list arrived refetches the list instead of inventing it', () => {
    applyQuotaUpdate(client, key('/a'))
    expect(client.getQueryData(quotaKeys.list)).toBeUndefined()
  })
})

const env = (id: string): EnvironmentSummary => ({
  id,
  name: id,
  builtIn: id === 'sandbox',
  authUrl: 'http://127.0.0.1:1/oauth',
  baseUrl: 'http://127.0.0.1:1',
  production: false,
})

const INFO: AppInfo = {
  name: 'Partner API Console',
  version: '0.1.0',
  transport: 'web',
  platform: 'linux',
  environments: [env('sandbox')],
  activeEnvironmentId: 'sandbox',
  secretStorage: { backend: 'aes-256-gcm-keyfile', protected: true, description: 'A key file' },
  sandboxUrl: null,
  startedAt: '2030-01-01T00:00:00.000Z',
  presenter: false,
}

describe('environment events and the cache', () => {
  it('environments:changed writes the list and the active id into app:info and refetches the details it does not carry', () => {
    const infoInvalidated = seed(appKeys.info, INFO)
    const listInvalidated = seed(environmentsKeys.list, { environments: [] })
    const quotaInvalidated = seed(quotaKeys.list, { keys: [], config: CONFIG, blocks: {} })
    applyEnvironmentChange(client, {
      reason: 'created',
      id: 'staging',
      environments: [env('sandbox'), env('staging')],
      activeId: 'sandbox',
    })
    expect(client.getQueryData<AppInfo>(appKeys.info)?.environments.map(e => e.id)).toEqual(['sandbox', 'staging'])
    expect([infoInvalidated(), listInvalidated(), quotaInvalidated()]).toEqual([false, true, false])
  })

  it('an app:info answer read before the change cannot bring the old list back when it lands after the event', async () => {
    // The engine: its list gains staging at the moment the event is sent; an answer read before that is late.
    let engine = [env('sandbox')]
    let late: ((info: AppInfo) => void) | null = null
    const observer = new QueryObserver(client, {
      queryKey: appKeys.info,
      staleTime: Number.POSITIVE_INFINITY,
      queryFn: () =>
        late === null && client.getQueryData(appKeys.info)
          ? new Promise<AppInfo>(resolve => {
              late = resolve
            })
          : Promise.resolve({ ...INFO, environments: engine }),
    })
    const unsubscribe = observer.subscribe(() => {})
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBeDefined())
    const before = { ...INFO, environments: engine }
    void observer.refetch()
    expect(late).not.toBeNull()
    engine = [env('sandbox'), env('staging')]
    applyEnvironmentChange(client, { reason: 'created', id: 'staging', environments: engine, activeId: 'sandbox' })
    ;(late as unknown as (info: AppInfo) => void)(before)
    await vi.waitFor(() => expect(client.isFetching({ queryKey: appKeys.info })).toBe(0))
    expect(observer.getCurrentResult().data?.environments.map(e => e.id)).toEqual(['sandbox', 'staging'])
    unsubscribe()
  })

  it('an activation also refetches every other domain (they all belong to the active environment), app:info excepted', () => {
    const infoInvalidated = seed(appKeys.info, INFO)
    const quotaInvalidated = seed(quotaKeys.list, { keys: [], config: CONFIG, blocks: {} })
    applyEnvironmentChange(client, {
      reason: 'activated',
      id: 'staging',
      environments: [env('sandbox'), env('staging')],
      activeId: 'staging',
    })
    expect(client.getQueryData<AppInfo>(appKeys.info)?.activeEnvironmentId).toBe('staging')
    expect([infoInvalidated(), quotaInvalidated()]).toEqual([false, true])
  })
})

describe('last answers (the result of an action, kept in the cache)', () => {
  it('survive an activation’s refetch of everything: they are never fetched, only written', async () => {
    const observer = new QueryObserver(client, { queryKey: exportKeys.last, queryFn: skipToken, staleTime: Number.POSITIVE_INFINITY })
    const unsubscribe = observer.subscribe(() => {})
    setLastAnswer(client, exportKeys.last, { kind: 'ok', envId: 'sandbox' })
    await client.invalidateQueries()
    expect(client.getQueryState(exportKeys.last)?.fetchStatus).toBe('idle')
    expect(client.getQueryData(exportKeys.last)).toEqual({ kind: 'ok', envId: 'sandbox' })
    setLastAnswer(client, exportKeys.last, null)
    expect(observer.getCurrentResult().data).toBeNull()
    unsubscribe()
  })
})
