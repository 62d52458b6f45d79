import { useEffect, useMemo, useRef, useState } from 'react'
import type { PartnerLocation } from '../../../../shared/contract'
import { useActiveEnvId, useActiveEnvironment, useAppInfo, useBuiltInEnvironment } from '../../domain/app-info'
import { useEnvironment } from '../../domain/environments'
import { grantOf } from '../../domain/grant'
import { useEnvInstallRecords, useInstallRecords } from '../../domain/install-records'
import { merchantsOf, useLocations } from '../../domain/locations'
import { useTokens } from '../../domain/tokens'
import { useCommandStore } from '../../stores/command-store'
import { useNavStore } from '../../stores/nav-store'
import { DataProvenance } from '../../ui/data-provenance'
import { ErrorBox } from '../../ui/error-box'
import { ExchangeSummary } from '../../ui/exchange-summary'
import { formatDuration, useNow } from '../../ui/use-now'
import { exportForLocation } from '../export-tickets'
import { InstallDialog } from './install-dialog'
import { ListFailure } from './list-failure'
import { LocationBrowser } from './location-browser'
import { LocationDetail } from './location-detail'
import { locationKey, useLocationsStore } from './locations-store'
import { useInstall, useInstallOutcomes } from './use-locations'
import './locations.css'

/**
 * Locations (docs/api.md#locations) and Install (docs/api.md#install): the merchant's eligible locations with search, sort and live local times,
 * this console's own install record, a detail panel, and a confirmed install whose result shows in place.
 */
export function LocationsPanel() {
  const info = useAppInfo()
  const envId = useActiveEnvId()
  const envSummary = useActiveEnvironment()
  const sandboxEnv = useBuiltInEnvironment()
  const envDetail = useEnvironment(envId)
  const isSandbox = envSummary?.builtIn === true
  const tokens = useTokens(envId)
  const hasToken = tokens.data?.present === true
  const scope = grantOf(envId, tokens.data)
  const list = useLocations(scope)
  const install = useInstall(scope)
  const records = useEnvInstallRecords(envId)
  const selected = useLocationsStore(s => s.selected)
  const envOutcomes = useInstallOutcomes(scope)
  const select = useLocationsStore(s => s.select)
  const go = useNavStore(s => s.go)
  const [confirming, setConfirming] = useState<PartnerLocation | null>(null)
  // Another grant (a new consent, a revoke, another environment): a dialog or selection for the old list closes.
  const grantKey = `${envId}|${scope.grant}`
  const shownFor = useRef(grantKey)
  useEffect(() => {
    if (shownFor.current === grantKey) return
    shownFor.current = grantKey
    setConfirming(null)
    if (envId) useLocationsStore.getState().select(envId, null)
  }, [grantKey, envId])

  const locations = useMemo(() => list.data?.locations ?? [], [list.data])
  const current = envId && selected ? (locations.find(l => locationKey(envId, l.id) === selected) ?? null) : null

  const refetch = useRef(list.refetch)
  refetch.current = list.refetch
  useEffect(() => {
    return useCommandStore.getState().register([
      { id: 'locations:refresh', title: 'Locations: list again (GET locations)', run: () => void refetch.current() },
      { id: 'locations:search', title: 'Locations: search', run: () => document.getElementById('locations-search')?.focus() },
    ])
  }, [])

  if (info.data && !envId) {
    return (
      <div className="panel locations">
        <h1>Locations</h1>
        <div className="empty">
          <p>No environment is active — create or choose one first.</p>
          <button type="button" className="btn btn--primary" onClick={() => go('environments')}>
            Go to Environments
          </button>
        </div>
      </div>
    )
  }

  const installUrl = envSummary && envDetail.data ? `${envSummary.baseUrl.replace(/\/+$/, '')}${envDetail.data.paths.installations}` : '…'
  const startedAt = info.data ? Date.parse(info.data.startedAt) : 0
  const record = current ? records[String(current.id)] : undefined
  const toolbarActions = (
    <>
      <button type="button" className="btn" onClick={() => void list.refetch()} disabled={list.isFetching}>
        {list.isFetching ? 'Listing…' : 'Refresh locations'}
      </button>
      {Object.keys(records).length > 0 ? (
        <button
          type="button"
          className="btn btn--small"
          onClick={() => envId && useInstallRecords.getState().forget(envId)}
          title="Forget this console’s record of installs in this environment"
        >
          Forget install records
        </button>
      ) : null}
    </>
  )
  return (
    <div className="panel locations">
      <h1>Locations</h1>
      <p className="lead">
        The eligible locations of the merchant who authorized <strong>{envSummary?.name ?? '…'}</strong> (GET locations, spec 4.4), and
        installing the integration at one (POST installations, 4.5).
      </p>
      <ErrorBox error={tokens.error} title="Could not read the tokens." onRetry={() => tokens.refetch()} />
      {tokens.data && !hasToken ? (
        <div className="empty loc-empty">
          <p>No token yet — run the consent flow first. Listing locations needs a bearer token with read:locations.</p>
          <button type="button" className="btn btn--primary" onClick={() => go('consent')}>
            Go to Consent flow
          </button>
        </div>
      ) : null}
      {hasToken ? (
        <>
          {!list.data ? <div className="loc-toolbar">{toolbarActions}</div> : null}
          {list.isFetching && !list.data ? <Listing /> : null}
          {list.error && !list.isFetching ? (
            <ListFailure
              error={list.error}
              permissions={tokens.data?.permissions ?? []}
              onRetry={() => void list.refetch()}
              onConsent={() => go('consent')}
            />
          ) : null}
          {list.data && locations.length === 0 ? (
            <p className="empty">The server lists no eligible location for this merchant: there is nothing to install to.</p>
          ) : null}
          <div className={`loc-layout${current ? ' loc-layout--detail' : ''}`}>
            {list.data ? (
              <LocationBrowser
                locations={locations}
                records={records}
                outcomes={envOutcomes}
                selectedId={current?.id ?? null}
                onSelect={l => envId && select(envId, l.id)}
                onInstall={l => {
                  if (envId) select(envId, l.id)
                  setConfirming(l)
                }}
                installDisabled={install.isPending}
                actions={toolbarActions}
                status={
                  list.isFetching ? (
                    <Listing />
                  ) : (
                    <>
                      <DataProvenance
                        what="locations"
                        owners={merchantsOf(locations)}
                        fetchedAt={list.dataUpdatedAt}
                        grant={scope.token}
                        testId="locations-provenance"
                      />
                      <ExchangeSummary exchange={list.data.exchange} label="Last listing" />
                    </>
                  )
                }
              />
            ) : null}
            {current && envId ? (
              <LocationDetail
                location={current}
                record={record}
                recordCurrent={!isSandbox || !record || Date.parse(record.installedAt) >= startedAt}
                outcome={envOutcomes[current.id]}
                permissions={tokens.data?.permissions ?? []}
                installDisabled={install.isPending}
                onInstall={() => setConfirming(current)}
                onExport={() => exportForLocation(current.id, scope.grant)}
                onConsent={() => go('consent')}
                onClose={() => select(envId, null)}
              />
            ) : null}
          </div>
          <p className="loc-footnote loc-muted">
            “Installed” is this console’s own record (kept in this browser profile, per environment): the API has no call that lists
            installations.
          </p>
        </>
      ) : null}
      {confirming && envSummary ? (
        <InstallDialog
          location={confirming}
          position={Math.max(
            0,
            locations.findIndex(l => l.id === confirming.id),
          )}
          target={{
            envName: envSummary.name,
            isSandbox,
            production: envSummary.production,
            url: installUrl,
            sandboxEnvId: sandboxEnv?.id ?? null,
          }}
          onCancel={() => setConfirming(null)}
          onConfirm={confirmProduction => {
            install.mutate({ location: confirming, confirmProduction })
            setConfirming(null)
          }}
        />
      ) : null}
    </div>
  )
}

function Listing() {
  const [started] = useState(() => Date.now())
  const now = useNow(250)
  return (
    <p className="loading" role="status" aria-label="Listing locations">
      Listing locations… GET /marketplace/v2/platform-token/locations · {formatDuration(now - started)}
    </p>
  )
}
