import { useState } from 'react'
import { useActiveEnvId } from '../../domain/app-info'
import { ErrorBox } from '../../ui/error-box'
import { CompareView } from './compare-view'
import { Composer } from './composer'
import { RequestLibrary } from './request-library'
import './requests.css'
import { useRequestsStore } from './requests-store'
import { useOpenFromLog } from './use-requests'

/**
 * The Requests view: the catalogue and the saved requests on the left; the composer (or the comparison of two
 * exchanges) on the right. A log entry sent here (“Edit and resend”) is loaded through `requests:fromLog`, which
 * leaves its captured credentials behind.
 */
export function RequestsPanel() {
  const envId = useActiveEnvId()
  const tab = useRequestsStore(s => s.tab)
  const setTab = useRequestsStore(s => s.setTab)
  const origin = useRequestsStore(s => s.origin)
  const [saved, setSaved] = useState<string | null>(null)

  // A log entry waiting to be opened (origin 'log' without a draft loaded yet).
  const pendingLog = origin.kind === 'log' && !origin.notes ? origin.id : undefined
  const loadError = useOpenFromLog(pendingLog)

  return (
    <div className="wb" data-testid="requests-panel">
      <RequestLibrary envId={envId} />
      <div className="wb-main">
        <div className="wb-tabs" role="tablist" aria-label="Requests views">
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'compose'}
            className={`tab${tab === 'compose' ? ' tab--active' : ''}`}
            onClick={() => setTab('compose')}
          >
            Composer
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'compare'}
            className={`tab${tab === 'compare' ? ' tab--active' : ''}`}
            onClick={() => setTab('compare')}
          >
            Compare
          </button>
          <span className="wb-muted wb-tabs__origin">
            {origin.kind === 'new' ? 'New request' : origin.name ? `${origin.kind === 'saved' ? 'Saved: ' : ''}${origin.name}` : ''}
            {saved ? ` · saved as “${saved}”` : ''}
          </span>
        </div>
        <ErrorBox error={loadError} title="The log entry could not be opened." />
        {tab === 'compose' ? <Composer envId={envId} onSaved={setSaved} /> : <CompareView />}
      </div>
    </div>
  )
}
