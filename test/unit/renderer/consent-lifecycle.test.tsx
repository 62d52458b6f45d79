// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { EventBus } from '../../../src/main/engine/core/event-bus'
import { LifecycleTracker, SPEC_TRANSITIONS } from '../../../src/main/engine/oauth/lifecycle-tracker'
import { FlowStepper } from '../../../src/renderer/src/features/consent/flow-stepper'
import { LifecycleDiagram } from '../../../src/renderer/src/features/consent/lifecycle-diagram'
import { litEdge } from '../../../src/renderer/src/features/consent/lifecycle-model'
import type { OAuthFlowState, OAuthLifecycle } from '../../../src/shared/contract'

afterEach(cleanup)

/** The engine's own tracker, recording every `oauth:lifecycle` event it emits. */
function tracker() {
  const bus = new EventBus()
  const events: OAuthLifecycle[] = []
  bus.subscribe(m => {
    if (m.name === 'oauth:lifecycle') events.push(m.payload)
  })
  let now = Date.parse('2030-01-01T00:00:00Z')
  const t = new LifecycleTracker(bus, () => (now += 1000))
  return { t, events }
}

function litStates(container: HTMLElement): string[] {
  return [...container.querySelectorAll('[data-state][data-lit="true"]')].map(e => e.getAttribute('data-state') ?? '')
}

function litEdges(container: HTMLElement): string[] {
  return [...container.querySelectorAll('[data-edge][data-lit="true"]')].map(e => e.getAttribute('data-edge') ?? '')
}

describe('the lifecycle diagram', () => {
  it('lights exactly the state of each event the engine emits along the spec, and the transition that led there', () => {
    const { t, events } = tracker()
    t.set('env', 'code-issued', 'allow', null)
    t.set('env', 'access-token-valid', 'token-exchange', Date.parse('2030-01-02T00:00:00Z'))
    t.set('env', 'access-token-expired', 'lifetime-elapsed', Date.parse('2030-01-02T00:00:00Z'))
    t.set('env', 'access-token-valid', 'refresh', Date.parse('2030-01-03T00:00:00Z'))
    const expected = [
      ['code-issued', 'allow', 'Code issued'],
      ['access-token-valid', 'exchange', 'Access token valid'],
      ['access-token-expired', 'expire', 'Access token expired'],
      ['access-token-valid', 'refresh', 'Access token valid'],
    ]
    expect(events).toHaveLength(expected.length)
    events.forEach((event, i) => {
      const [state, edge, label] = expected[i] as [string, string, string]
      const { container, unmount } = render(<LifecycleDiagram lifecycle={event} />)
      expect(litStates(container)).toEqual([state])
      expect(litEdges(container)).toEqual([edge])
      expect(screen.getByRole('img', { name: `Token lifecycle, current state: ${label}` })).toBeTruthy()
      expect(screen.getByTestId('lifecycle-current').textContent).toBe(label)
      unmount()
    })
  })

  it('lights denied after a Deny, and no authorization (with no transition) before anything happened', () => {
    const { t, events } = tracker()
    const before = render(<LifecycleDiagram lifecycle={t.get('env')} />)
    expect(litStates(before.container)).toEqual(['no-authorization'])
    expect(litEdges(before.container)).toEqual([])
    before.unmount()
    t.set('env', 'denied', 'deny', null)
    const { container } = render(<LifecycleDiagram lifecycle={events[0] ?? null} />)
    expect(litStates(container)).toEqual(['denied'])
    expect(litEdges(container)).toEqual(['deny'])
  })

  it('draws every transition of spec section 3 under the trigger name the engine uses for it', () => {
    for (const tr of SPEC_TRANSITIONS) {
      const edge = litEdge(tr.to, tr.from, tr.trigger)
      expect(edge, `${tr.from} → ${tr.to} (${tr.trigger})`).not.toBeNull()
      expect([edge?.from, edge?.to]).toEqual([tr.from, tr.to])
    }
  })
})

function flow(
  step: OAuthFlowState['step'],
  failure: OAuthFlowState['failure'] = null,
  codeFingerprint: string | null = null,
): OAuthFlowState {
  return {
    flowId: 'f',
    envId: 'env',
    step,
    mode: 'loopback',
    authorizeUrl: null,
    params: [],
    opener: 'renderer',
    startedAt: null,
    expiresAt: null,
    stateChecked: null,
    warnings: [],
    codeFingerprint,
    failure,
    at: '2030-01-01T00:00:00Z',
  }
}

function statuses(container: HTMLElement): string[] {
  return [...container.querySelectorAll('[data-step]')].map(e => `${e.getAttribute('data-step')}:${e.getAttribute('data-status')}`)
}

describe('the consent stepper', () => {
  it.each([
    [null, ['authorize:pending', 'consent:pending', 'callback:pending', 'token:pending']],
    [flow('authorize-url-built'), ['authorize:current', 'consent:pending', 'callback:pending', 'token:pending']],
    [flow('waiting-for-callback'), ['authorize:done', 'consent:current', 'callback:pending', 'token:pending']],
    [flow('exchanging'), ['authorize:done', 'consent:done', 'callback:done', 'token:current']],
    [flow('done'), ['authorize:done', 'consent:done', 'callback:done', 'token:done']],
    [
      flow('denied', { code: 'access_denied', message: 'denied' }),
      ['authorize:done', 'consent:failed', 'callback:pending', 'token:pending'],
    ],
    [flow('failed', { code: 'state_mismatch', message: 'x' }), ['authorize:done', 'consent:done', 'callback:failed', 'token:pending']],
    [flow('failed', { code: 'timeout', message: 'x' }), ['authorize:done', 'consent:failed', 'callback:pending', 'token:pending']],
    [
      flow('failed', { code: 'invalid_grant', message: 'x' }, 'abcd1234'),
      ['authorize:done', 'consent:done', 'callback:done', 'token:failed'],
    ],
  ])('step %# shows where the flow is', (state, expected) => {
    const { container } = render(<FlowStepper flow={state} />)
    expect(statuses(container)).toEqual(expected)
    const current = container.querySelector('[aria-current="step"]')
    expect(current?.getAttribute('data-status') ?? null).toBe(expected.some(s => s.endsWith(':current')) ? 'current' : null)
  })
})
