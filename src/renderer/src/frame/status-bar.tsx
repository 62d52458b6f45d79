import { useState } from 'react'
import type { Heartbeat } from '../../../shared/contract'
import { bridgeTransport } from '../bridge/bridge'
import { useEvent } from '../bridge/use-event'
import { useActiveEnvironment, useAppInfo } from '../domain/app-info'
import { PresenterToggle } from '../features/presenter'
import { useConnectionStore } from '../stores/connection-store'
import { formatDuration } from '../ui/use-now'
import { QuotaStatus } from './status-items/quota-status'
import { SkewStatus } from './status-items/skew-status'
import { TokenStatus } from './status-items/token-status'

/** What is always true: environment, connection, secret storage, last heartbeat from the engine. */
export function StatusBar() {
  const info = useAppInfo()
  const connection = useConnectionStore(s => s.state)
  const [beat, setBeat] = useState<Heartbeat | null>(null)
  useEvent('app:heartbeat', setBeat)
  const env = useActiveEnvironment()
  return (
    <footer className="status-bar">
      <span className={`status-dot status-dot--${connection}`} title={`Bridge ${connection}`} />
      <span data-testid="status-environment" className={env?.production ? 'is-production' : undefined}>
        {env ? env.name : info.isLoading ? 'Loading…' : 'No environment'}
      </span>
      <TokenStatus />
      <SkewStatus />
      <QuotaStatus />
      <span className="status-sep status-wide" />
      <span className="status-wide" title="How the console talks to its engine">
        {bridgeTransport === 'web' ? 'Browser (web host)' : 'Desktop'}
      </span>
      <span className="status-sep" />
      <span
        title={info.data?.secretStorage.description}
        className={`status-shrink${info.data && !info.data.secretStorage.protected ? ' warn' : ''}`}
      >
        Secrets: {info.data?.secretStorage.backend ?? '…'}
      </span>
      <span className="status-spacer" />
      <PresenterToggle />
      <span className="status-sep" />
      <span className="status-wide" data-testid="status-heartbeat" title="Last heartbeat from the engine">
        {beat
          ? `engine up ${formatDuration(beat.uptimeSeconds * 1000)}`
          : connection === 'open'
            ? 'engine connected'
            : 'connecting to the engine…'}
      </span>
    </footer>
  )
}
