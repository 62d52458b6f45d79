import type { DoctorRuleView } from '../../../../shared/contract'
import { showInLog } from '../network-log'
import { VERDICTS } from './scorecard-model'

/** One rule of the scorecard: its verdict, section and title; opened, what to change and the exchanges behind it. */
export function ScorecardRow({ rule, open, onToggle }: { rule: DoctorRuleView; open: boolean; onToggle: () => void }) {
  const v = VERDICTS[rule.verdict]
  const detailId = `rule-${rule.id.replace(/[^\w-]/g, '-')}`
  return (
    <>
      <tr className={`doc-row doc-row--${v.tone}`} data-testid="scorecard-row" data-rule={rule.id} data-verdict={rule.verdict}>
        <td>
          <span className={`doc-verdict doc-verdict--${v.tone}`}>{v.text}</span>
        </td>
        <td className="mono doc-section">§{rule.section}</td>
        <td>
          <button type="button" className="doc-toggle" aria-expanded={open} aria-controls={detailId} onClick={onToggle}>
            <span aria-hidden="true">{open ? '▾' : '▸'}</span> {rule.title}
          </button>
        </td>
        <td className="mono doc-num">{rule.evidenceCount}</td>
      </tr>
      {open ? (
        <tr className="doc-detail" id={detailId}>
          <td colSpan={4}>
            <p className="doc-message">{rule.message}</p>
            <p className="cap-muted">
              <span className="mono">{rule.id}</span> · spec section {rule.section} · {rule.checked}{' '}
              {rule.checked === 1 ? 'finding' : 'findings'}
            </p>
            {rule.evidence.length > 0 ? (
              <div className="doc-evidence">
                <span className="cap-muted">Evidence:</span>
                {rule.evidence.map(id => (
                  <button
                    key={id}
                    type="button"
                    className="btn btn--small mono"
                    title="Select this exchange in the network log"
                    onClick={() => showInLog({ select: id })}
                  >
                    {id}
                  </button>
                ))}
                {rule.evidenceCount > rule.evidence.length ? (
                  <span className="cap-muted">and {rule.evidenceCount - rule.evidence.length} more</span>
                ) : null}
              </div>
            ) : null}
          </td>
        </tr>
      ) : null}
    </>
  )
}
