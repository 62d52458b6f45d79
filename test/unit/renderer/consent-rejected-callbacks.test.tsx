// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { WaitingStatus } from '../../../src/renderer/src/features/consent/waiting-status'
import type { OAuthFlowState } from '../../../src/shared/contract'

afterEach(cleanup)

const waiting: OAuthFlowState = {
  flowId: 'f1',
  envId: 'sandbox',
  step: 'waiting-for-callback',
  mode: 'loopback',
  authorizeUrl: 'http://127.0.0.1:1/oauth2/authorize',
  params: [],
  opener: 'renderer',
  startedAt: '2030-01-01T00:00:00.000Z',
  expiresAt: null,
  stateChecked: null,
  warnings: [],
  codeFingerprint: null,
  failure: null,
  at: '2030-01-01T00:00:00.000Z',
}

const noop = () => {}

describe('the waiting status shows forged callbacks the catcher refused', () => {
  it('says nothing while there are none, then how many were refused and that it still waits', () => {
    const view = (flow: OAuthFlowState) => (
      <WaitingStatus
        flow={flow}
        listeningOn="http://127.0.0.1:5/cb"
        popupBlocked={false}
        onCancel={noop}
        onReopen={null}
        onRefused={noop}
        cancelling={false}
      />
    )
    const { rerender } = render(view({ ...waiting, rejectedCallbacks: 0 }))
    expect(screen.queryByTestId('rejected-callbacks')).toBeNull()
    rerender(view({ ...waiting, rejectedCallbacks: 1 }))
    expect(screen.getByTestId('rejected-callbacks').textContent).toMatch(/Refused a redirect whose state did not match/)
    rerender(view({ ...waiting, rejectedCallbacks: 3 }))
    expect(screen.getByTestId('rejected-callbacks').textContent).toMatch(/Refused 3 redirects .* Still waiting for the real one/)
  })
})
