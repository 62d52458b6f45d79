import { useEffect, useRef, useState } from 'react'
import { useActiveEnvId, useActiveEnvironment, useAppInfo } from '../../domain/app-info'
import { useEnvironment } from '../../domain/environments'
import { errorFacts } from '../../domain/error-facts'
import { grantOf } from '../../domain/grant'
import { useEnvInstallRecords } from '../../domain/install-records'
import { merchantsOf, useLocations } from '../../domain/locations'
import { useTokens } from '../../domain/tokens'
import { useCommandStore } from '../../stores/command-store'
import { useNavStore } from '../../stores/nav-store'
import { Countdown } from '../../ui/countdown'
import { DataProvenance } from '../../ui/data-provenance'
import { ErrorBox } from '../../ui/error-box'
import { ExchangeResponse } from '../../ui/exchange-response'
import { formatDuration, useNow } from '../../ui/use-now'
import { usePanelShortcut } from '../../ui/use-panel-shortcut'
import { useRevealAnswer } from '../../ui/use-reveal-answer'
import { linkFromExchange, linkFromLogEntry, openInInspector } from '../inspector'
import { ExportFailure } from './export-failure'
import { ExportForm, useExportValidation } from './export-form'
import { useExportStore } from './export-store'
import { SignedPreview } from './signed-preview'
import { exportRequestPath, fetchLogEntry, useExportSend, useLastExport, useSignedPreview } from './use-export'
import './export-tickets.css'

/**
 * Export tickets (docs/api.md#export-tickets, HMAC-signed): location and date range checked before sending, the signed request previewed
 * (headers and canonical string), Send (Ctrl/Cmd+Enter) with cancel and the retry countdown, the response in a
 * read-only editor with timings, and a link that opens the inspector on exactly the request that was sent.
 */
export function ExportTicketsPanel() {
  const info = useAppInfo()
  const envId = useActiveEnvId()
  const envSummary = useActiveEnvironment()
  const envDetail = useEnvironment(envId)
  const tokens = useTokens(envId)
  const hasToken = tokens.data?.present === true
  const scope = grantOf(envId, tokens.data)
  const list = useLocations(scope)
  const records = useEnvInstallRecords(envId)
  const { locationId, from, to, autoRetry } = useExportStore()
  const stored = useLastExport()
  const last = stored && stored.envId === envId ? stored : null
  const result = last?.kind === 'ok' ? last.value : null
  const failure = last?.kind === 'error' ? last.error : null
  const go = useNavStore(s => s.go)

  const { valid } = useExportValidation()
  const target =
    valid && envSummary && envDetail.data
      ? exportRequestPath(envSummary.baseUrl, envDetail.data.paths.exportTickets, Number(locationId), from.trim(), to.trim())
      : null
  const preview = useSignedPreview(envId, target?.path ?? null)
  const { send, cancel, retrying } = useExportSend(target?.path ?? null)
  // The answer to the Send just pressed comes into view (stacked layout, or a drawer leaving little of the panel).
  const answer = useRevealAnswer<HTMLDivElement>(!send.isPending && send.submittedAt > 0 ? String(send.submittedAt) : null)
  const [inspecting, setInspecting] = useState<unknown>(null)

  // Pick a sensible location once the list is known: one this console installed to, else the first. An id picked
  // from another grant's list (another merchant consented since) is replaced the same way; a typed id is kept.
  const locations = list.data?.locations ?? []
  useEffect(() => {
    const { locationId: chosen, pickedGrant } = useExportStore.getState()
    const stale = pickedGrant !== null && pickedGrant !== scope.grant
    if (stale && scope.grant === null) {
      useExportStore.getState().set({ locationId: '', pickedGrant: null })
      return
    }
    if ((chosen !== '' && !stale) || locations.length === 0) return
    // Never under the user's cursor: a list arriving while they are at the empty field would put an id there and their
    // typing would land after it ("101001" typed became "101001101001"). What they type decides.
    if (document.activeElement instanceof HTMLElement && document.activeElement.dataset.exportLocationId !== undefined) return
    const installed = locations.find(l => records[String(l.id)])
    useExportStore.getState().set({ locationId: String((installed ?? locations[0])?.id ?? ''), pickedGrant: scope.grant })
  }, [locations, records, scope.grant])

  const doSend = () => {
    if (!valid || send.isPending) return
    send.mutate({ envId, locationId: Number(locationId), from: from.trim(), to: to.trim(), autoRetry })
  }
  const actions = useRef(doSend)
  actions.current = doSend
  useEffect(() => {
    return useCommandStore
      .getState()
      .register([{ id: 'export:send', title: 'Export tickets: send', shortcut: 'Ctrl+Enter', run: () => actions.current() }])
  }, [])
  usePanelShortcut(() => actions.current())

  const inspectFailed = async () => {
    const { logId } = errorFacts(failure)
    if (!logId) return
    setInspecting(true)
    try {
      openInInspector(linkFromLogEntry(await fetchLogEntry(logId)))
      setInspecting(null)
    } catch (error) {
      setInspecting(error)
    }
  }

  if (info.data && !envId) {
    return (
      <div className="panel export">
        <h1>Export tickets</h1>
        <div className="empty">
          <p>No environment is active — create or choose one first.</p>
          <button type="button" className="btn btn--primary" onClick={() => go('environments')}>
            Go to Environments
          </button>
        </div>
      </div>
    )
  }

  const locationsNote = !tokens.data
    ? null
    : !hasToken
      ? 'No token: type a location id. The export is signed with HMAC and needs no token; only listing locations does (consent flow).'
      : list.isFetching
        ? 'Listing locations…'
        : list.error
          ? 'The locations could not be listed (see Locations); type an id.'
          : null
  const failedLogId = failure ? errorFacts(failure).logId : null
  return (
    <div className="panel export">
      <h1>Export tickets</h1>
      <p className="lead">
        GET the tickets of one location for a date range (spec 4.6), signed with HMAC-SHA256 using{' '}
        <strong>{envSummary?.name ?? '…'}</strong>’s client id and secret (5.2).
      </p>
      <div className="export-grid">
        <div className="export-column">
          <ExportForm
            locations={locations}
            locationsNote={locationsNote}
            ready={target !== null}
            sending={send.isPending}
            onSend={doSend}
            grant={scope.token}
            provenance={
              list.data ? (
                <DataProvenance
                  what="locations"
                  owners={merchantsOf(locations)}
                  fetchedAt={list.dataUpdatedAt}
                  grant={scope.token}
                  testId="export-locations-provenance"
                />
              ) : null
            }
          />
          {send.isPending ? <Sending retrying={retrying} onCancel={cancel} /> : null}
          {target ? (
            <SignedPreview url={target.url} signature={preview.data} error={preview.error} loading={preview.isLoading} />
          ) : (
            <p className="empty">Fix the form above to see the signed request before sending it.</p>
          )}
        </div>
        <div className="export-column export-answer" ref={answer}>
          {result && !send.isPending ? (
            <ExchangeResponse
              exchange={result.exchange}
              tickets={result.tickets.length}
              onInspect={() => openInInspector(linkFromExchange(result.exchange))}
              onSubmit={() => actions.current()}
            />
          ) : null}
          {failure && !send.isPending ? (
            <ExportFailure
              error={failure}
              onInspect={failedLogId ? () => void inspectFailed() : null}
              inspecting={inspecting === true}
              onSendAgain={() => actions.current()}
            />
          ) : null}
          {inspecting && inspecting !== true ? (
            <ErrorBox error={inspecting} title="Could not read that request from the network log." />
          ) : null}
          {!last && !send.isPending ? (
            <p className="empty export-empty">
              Press Send (or Ctrl/Cmd+Enter): the response, its timings and a link into the inspector appear here.
            </p>
          ) : null}
        </div>
      </div>
    </div>
  )
}

function Sending({ retrying, onCancel }: { retrying: ReturnType<typeof useExportSend>['retrying']; onCancel: () => void }) {
  const [started] = useState(() => Date.now())
  const now = useNow(250)
  return (
    <div className="export-sending" role="status" aria-label="Sending">
      {retrying ? (
        <span>
          {retrying.reason}: attempt {retrying.attempt} in <Countdown until={retrying.until} done="now" />
        </span>
      ) : (
        <span>Sending… signed just now, waiting for the server · {formatDuration(now - started)}</span>
      )}
      <button type="button" className="btn btn--small" onClick={onCancel}>
        Cancel
      </button>
    </div>
  )
}
