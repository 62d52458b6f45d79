import { useState } from 'react'
import type { DoctorReportFormat, DoctorVerdict } from '../../../../shared/contract'
import { ErrorBox } from '../../ui/error-box'
import { DrillControls } from './drill-controls'
import { scorecardRows, VERDICTS } from './scorecard-model'
import { ScorecardRow } from './scorecard-row'
import { useSaveReport, useScorecard } from './use-doctor'

const FORMATS: { format: DoctorReportFormat; label: string }[] = [
  { format: 'markdown', label: 'Markdown' },
  { format: 'junit', label: 'JUnit XML' },
  { format: 'json', label: 'JSON' },
]
const ORDER: DoctorVerdict[] = ['fail', 'warning', 'pass', 'not_exercised']

/**
 * The doctor's scorecard of an environment's capture session: every rule of the spec and its verdict so far, live,
 * failures first (or only), each row opening its message, section and evidence; the drills; the report to save.
 */
export function Scorecard({ envId }: { envId: string }) {
  const query = useScorecard(envId)
  const save = useSaveReport(envId)
  const [failedOnly, setFailedOnly] = useState(false)
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set())
  const card = query.data?.scorecard ?? null
  const rows = card ? scorecardRows(card.rules, failedOnly) : []
  const toggle = (id: string) =>
    setOpen(s => {
      const next = new Set(s)
      if (!next.delete(id)) next.add(id)
      return next
    })
  return (
    <section className="cap-card doc" aria-label="Doctor scorecard" data-testid="scorecard">
      <div className="cap-row">
        <h2>Doctor</h2>
        {card ? (
          <span className="doc-counts" data-testid="scorecard-counts">
            {ORDER.map(v => (
              <span key={v} className={`doc-count doc-verdict--${VERDICTS[v].tone}`}>
                <span className="mono">{card.counts[v]}</span> {VERDICTS[v].text}
              </span>
            ))}
          </span>
        ) : null}
      </div>
      {query.isLoading ? <p className="loading">Reading the scorecard…</p> : null}
      <ErrorBox error={query.error} title="The scorecard could not be read." onRetry={() => void query.refetch()} />
      {query.data && !card ? (
        <p className="empty">
          The doctor judges every exchange of a capture against the rules of the spec (signing, tokens, authorization, rate limits,
          requests). Start the capture and run your integration: verdicts appear here as it calls.
        </p>
      ) : null}
      {card ? (
        <>
          <p className="cap-muted">
            {card.running ? 'Live' : 'Final (capture stopped)'} · {card.exchanges} exchanges judged since{' '}
            <span className="mono">{new Date(card.startedAt).toLocaleTimeString()}</span>
          </p>
          {card.internalErrors.count > 0 ? (
            <p className="cap-problem">
              The doctor itself failed {card.internalErrors.count} times (not your integration’s fault): {card.internalErrors.first}
            </p>
          ) : null}
          {card.drillErrors.map(e => (
            <p key={e} className="cap-problem">
              {e}
            </p>
          ))}
          <div className="cap-row">
            <label className="cap-env">
              <input type="checkbox" checked={failedOnly} onChange={e => setFailedOnly(e.target.checked)} /> Failed only
            </label>
            <span className="doc-spacer" />
            <span className="cap-muted">Save the report:</span>
            {FORMATS.map(f => (
              <button
                key={f.format}
                type="button"
                className="btn btn--small"
                disabled={save.isPending}
                onClick={() => save.mutate(f.format)}
              >
                {f.label}
              </button>
            ))}
          </div>
          <ErrorBox error={save.error} title="The report was not saved." />
          <table className="table table--dense doc-table" aria-label="Rules and verdicts">
            <thead>
              <tr>
                <th scope="col">Verdict</th>
                <th scope="col">Spec</th>
                <th scope="col">Rule</th>
                <th scope="col" className="doc-num">
                  Evidence
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(r => (
                <ScorecardRow key={r.id} rule={r} open={open.has(r.id)} onToggle={() => toggle(r.id)} />
              ))}
            </tbody>
          </table>
          {rows.length === 0 ? <p className="empty">No rule failed so far.</p> : null}
          <DrillControls envId={envId} running={card.running} drills={card.drills} />
        </>
      ) : null}
    </section>
  )
}
