// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { openInInspector, useInspectorStore } from '../../../src/renderer/src/features/inspector/inspector-store'
import { useNavStore } from '../../../src/renderer/src/stores/nav-store'

const initial = useInspectorStore.getState()

beforeEach(() => {
  useInspectorStore.setState(initial, true)
  useNavStore.getState().go('overview')
})

describe('openInInspector: other panels open the inspector on one exact request', () => {
  it('fills the Sign tab with the request and navigates there when no signature is given', () => {
    openInInspector({ method: 'GET', path: '/api/v1/export/101001/tickets?filter[dateTimeFrom]=2026-11-01', body: null })
    const s = useInspectorStore.getState()
    expect(useNavStore.getState().section).toBe('inspector')
    expect(s.mode).toBe('sign')
    expect(s.sign).toEqual({
      method: 'GET',
      path: '/api/v1/export/101001/tickets?filter[dateTimeFrom]=2026-11-01',
      body: '',
      clientId: '',
      timestamp: '',
    })
    expect(s.pendingCheck).toBe(false)
  })

  it('opens Verify with the captured headers and checks them once on arrival, without the lifetime check', () => {
    openInInspector({
      method: 'POST',
      path: '/x',
      body: '{"a":1}',
      timestamp: 1795360000,
      accessKey: 'client-1',
      signature: 'ab'.repeat(32),
    })
    const s = useInspectorStore.getState()
    expect(useNavStore.getState().section).toBe('inspector')
    expect(s.mode).toBe('verify')
    expect(s.captured).toMatchObject({
      method: 'POST',
      path: '/x',
      body: '{"a":1}',
      accessKey: 'client-1',
      timestamp: '1795360000',
      signature: 'ab'.repeat(32),
    })
    expect(s.sign).toMatchObject({ clientId: 'client-1', timestamp: '1795360000', body: '{"a":1}' })
    expect(s.checkFreshness).toBe(false)
    expect(s.consumePendingCheck()).toBe(true)
    expect(s.consumePendingCheck()).toBe(false)
  })

  it('stays on Sign when the signature comes without its timestamp (nothing to verify)', () => {
    openInInspector({ method: 'GET', path: '/x', signature: 'cd'.repeat(32), accessKey: 'client-1' })
    expect(useInspectorStore.getState().mode).toBe('sign')
  })
})
