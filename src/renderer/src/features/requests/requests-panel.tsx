import { useState } from 'react'
import { useActiveEnvId } from '../../domain/app-info'
import { ErrorBox } from '../../ui/error-box'
import { CompareView } from './compare-view'
import { Composer } from './composer'
import { DraftTabs } from './draft-tabs'
import { RequestLibrary } from './request-library'
import './requests.css'
import { useRequestsStore } from './requests-store'
import { useDraftSync } from './use-drafts'
import { useOpenFromLog } from './use-requests'
import { useTabShortcuts } from './use-tab-shortcuts'

/**
 * The Requests view: the catalogue, the saved requests and the sent ones on the left; the tabs of drafts and the
 * composer (or the comparison of two exchanges) on the right. A log entry sent here (“Edit and resend”) is loaded
 * through `requests:fromLog`, which leaves its captured credentials behind, in a new tab over unsaved edits.
 */
export function RequestsPanel() {
  const envId = useActiveEnvId()
  const tab = useRequestsStore(s => s.tab)
  const setTab = useRequestsStore(s => s.setTab)
  const origin = useRequestsStore(s => s.origin)
  const [saved, setSaved] = useState<string | null>(null)

  const keepProblem = useDraftSync()
  useTabShortcuts()
  // A log entry waiting to be opened, once the kept tabs are in (so it opens next to them, never under them).
  const hydrated = useRequestsStore(s => s.hydrated)
  const pendingLog = useRequestsStore(s => s.pendingLog)
  const loadError = useOpenFromLog(hydrated ? pendingLog : null)

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
        {tab === 'compose' ? (
          <>
            <DraftTabs problem={keepProblem} />
            <Composer envId={envId} onSaved={setSaved} />
          </>
        ) : (
          <CompareView />
        )}
      </div>
    </div>
  )
}
