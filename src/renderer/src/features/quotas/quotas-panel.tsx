import { useEffect, useMemo } from 'react'
import { useActiveEnvId } from '../../domain/app-info'
import type { QuotaView } from '../../domain/quota-cache'
import { formatWindow, sortKeys } from '../../domain/quota-model'
import { useQuotaList } from '../../domain/quotas'
import { useTokens } from '../../domain/tokens'
import { useCommandStore } from '../../stores/command-store'
import { useNavStore } from '../../stores/nav-store'
import { ErrorBox } from '../../ui/error-box'
import { usePanelShortcut } from '../../ui/use-panel-shortcut'
import { QuotaGauge } from './quota-gauge'
import { QuotaProbe } from './quota-probe'
import { useProbeLocations, useResetQuotas } from './use-quotas'
import './quotas.css'

const NO_BLOCKS: QuotaView['blocks'] = {}

/**
 * Rate-limit quotas (docs/api.md#limits): one gauge per (client, method, path) key, live from `quota:update` / `quota:blocked`
 * (the status bar keeps the feed), re-read every 15 s and when a unit returns, so the rolling window is seen sliding.
 */
export function QuotasPanel() {
  const list = useQuotaList(15_000)
  const keys = list.data?.keys
  const blocks = list.data?.blocks ?? NO_BLOCKS
  const reset = useResetQuotas()
  const probe = useProbeLocations()
  const go = useNavStore(s => s.go)
  const hasToken = useTokens(useActiveEnvId()).data?.present === true
  const sorted = useMemo(() => sortKeys(keys ?? []), [keys])

  // Re-read the list when the earliest unit returns: the gauge then shows it back without waiting for the interval.
  const nextAt = useMemo(() => Math.min(...sorted.map(q => (q.nextUnitAt ? Date.parse(q.nextUnitAt) : Number.POSITIVE_INFINITY))), [sorted])
  const refetch = list.refetch
  useEffect(() => {
    if (!Number.isFinite(nextAt)) return
    const id = setTimeout(() => void refetch(), Math.min(2 ** 31 - 1, Math.max(250, nextAt - Date.now() + 250)))
    return () => clearTimeout(id)
  }, [nextAt, refetch])

  const send = probe.mutate
  const resetAll = reset.mutate
  useEffect(() => {
    const unregister = useCommandStore.getState().register([
      { id: 'quotas:send', title: 'Quotas: send GET locations', shortcut: 'Ctrl+Enter', run: () => send(false) },
      { id: 'quotas:reset', title: 'Quotas: reset the local ledger', run: () => resetAll(undefined) },
    ])
    return unregister
  }, [send, resetAll])
  usePanelShortcut(() => send(false), { skipHandled: false })

  const config = list.data?.config
  return (
    <div className="panel quotas">
      <h1>Quotas</h1>
      <p className="lead">
        The server counts requests per client, method and path in a rolling window
        {config ? ` (default ${config.defaultLimit} per ${formatWindow(config.windowSeconds)})` : ''}. Each gauge joins what it said last
        (X-RateLimit-*) with this console’s own ledger, so it predicts before the server answers.
      </p>
      <div className="quotas__toolbar">
        <QuotaProbe probe={probe} onGoConsent={() => go('consent')} />
        <button type="button" className="btn" onClick={() => reset.mutate(undefined)} disabled={reset.isPending || sorted.length === 0}>
          Reset local ledger
        </button>
      </div>
      <ErrorBox error={reset.error} title="The ledger was not reset." />
      {list.isLoading && sorted.length === 0 ? <p className="loading">Reading the quota ledger…</p> : null}
      <ErrorBox error={list.error} title="Could not read the quotas." onRetry={() => void list.refetch()} />
      {!list.isLoading && !list.error && sorted.length === 0 ? (
        <div className="empty quotas__empty">
          <p>No request counted yet — gauges appear with the first request to a path.</p>
          {hasToken ? (
            <p>
              Send <span className="mono">GET locations</span> above (or list locations, install, export tickets from their panels): the
              ledger starts with it.
            </p>
          ) : (
            <>
              <p>
                First get a token with the consent flow, then send <span className="mono">GET locations</span> above (or list locations,
                install, export tickets from their panels).
              </p>
              <button type="button" className="btn" onClick={() => go('consent')}>
                Open the consent flow
              </button>
            </>
          )}
        </div>
      ) : null}
      <div className="quotas__grid">
        {sorted.map(q => (
          <QuotaGauge key={q.key} state={q} block={blocks[q.key]} onReset={key => reset.mutate(key)} resetting={reset.isPending} />
        ))}
      </div>
    </div>
  )
}
