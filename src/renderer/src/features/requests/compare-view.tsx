import type { BodyDiff, CanonicalDiff, ExchangeComparison, PairDiff } from '../../../../shared/contract'
import { ErrorBox } from '../../ui/error-box'
import { openLogInComposer, useRequestsStore } from './requests-store'
import { useComparePicker } from './use-library'
import { useCompare } from './use-requests'

function EntryPicker({ side, value }: { side: 'a' | 'b'; value: string | null }) {
  const setCompare = useRequestsStore(s => s.setCompare)
  const list = useComparePicker()
  const entries = list.data?.entries ?? []
  const label = (e: (typeof entries)[number]) =>
    `#${e.seq} ${e.method} ${e.path} → ${e.status ?? e.state}${e.imported ? ' (imported)' : ''}`
  const chosen = entries.find(e => e.id === value)
  return (
    <label className="wb-inline">
      {side.toUpperCase()}
      <select
        className="input mono"
        aria-label={`Exchange ${side.toUpperCase()}`}
        title={chosen ? label(chosen) : undefined}
        value={value ?? ''}
        onChange={e => setCompare({ [side]: e.target.value || null })}
      >
        <option value="">— choose a log entry —</option>
        {entries.map(e => (
          <option key={e.id} value={e.id}>
            {label(e)}
          </option>
        ))}
      </select>
    </label>
  )
}

function Pairs({ rows, label }: { rows: PairDiff[]; label: string }) {
  if (rows.length === 0) return <p className="empty">None on either side.</p>
  return (
    <table className="table table--dense wb-cmp" aria-label={label}>
      <thead>
        <tr>
          <th>Name</th>
          <th>A</th>
          <th>B</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(r => (
          <tr
            key={r.name}
            className={`wb-cmp--${r.kind}${r.volatile ? ' wb-cmp--volatile' : ''}`}
            title={r.volatile ? 'Expected to differ between any two sends' : undefined}
          >
            <th scope="row" className="mono">
              {r.name}
            </th>
            <td className="mono">{r.a.join('\n') || '—'}</td>
            <td className="mono">{r.b.join('\n') || '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Body({ diff, label }: { diff: BodyDiff; label: string }) {
  if (diff.mode === 'empty') return <p className="empty">No body on either side.</p>
  return (
    <section aria-label={label}>
      <p className={diff.equal ? 'wb-same' : 'wb-differs'} data-testid={`${label}-verdict`}>
        {diff.equal
          ? diff.mode === 'json'
            ? 'Same JSON (key order ignored).'
            : 'Same text.'
          : diff.mode === 'json'
            ? `${diff.total} difference${diff.total === 1 ? '' : 's'} (JSON: object keys in any order, arrays in order).`
            : `Differs from byte ${diff.firstDifference?.offset}.`}
      </p>
      {diff.notes.map(n => (
        <p key={n} className="wb-muted">
          {n}
        </p>
      ))}
      {diff.differences.length > 0 ? (
        <table className="table table--dense wb-cmp" aria-label={`${label} differences`}>
          <tbody>
            {diff.differences.map(d => (
              <tr key={`${d.pointer}-${d.kind}`} className={`wb-cmp--${d.kind}`}>
                <th scope="row" className="mono">
                  {d.pointer || '(root)'}
                </th>
                <td className="mono">{d.a ?? '—'}</td>
                <td className="mono">{d.b ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {diff.firstDifference ? (
        <p className="mono wb-muted">
          A: “{diff.firstDifference.a}” · B: “{diff.firstDifference.b}”
        </p>
      ) : null}
      <div className="wb-sides">
        <pre className="mono">{diff.aText}</pre>
        <pre className="mono">{diff.bText}</pre>
      </div>
    </section>
  )
}

function Canonical({ diff }: { diff: CanonicalDiff }) {
  return (
    <section aria-label="Canonical strings">
      <p className={diff.equal ? 'wb-same' : 'wb-differs'} data-testid="canonical-verdict">
        {diff.equal
          ? 'The same canonical string.'
          : diff.firstDifferenceOffset === null
            ? 'Cannot compare both strings.'
            : `First differing byte: ${diff.firstDifferenceOffset}.`}
      </p>
      {diff.notes.map(n => (
        <p key={n} className="wb-muted">
          {n}
        </p>
      ))}
      <table className="table table--dense wb-cmp" aria-label="Canonical parts">
        <thead>
          <tr>
            <th>Part</th>
            <th>A</th>
            <th>B</th>
            <th>First difference</th>
          </tr>
        </thead>
        <tbody>
          {diff.parts.map(p => (
            <tr key={p.name} className={p.equal ? 'wb-cmp--same' : 'wb-cmp--changed'} data-testid={`canonical-${p.name}`}>
              <th scope="row">{p.name}</th>
              <td className="mono">{p.a || '“”'}</td>
              <td className="mono">{p.b || '“”'}</td>
              <td className="mono">
                {p.firstDifference
                  ? `byte ${p.firstDifference.offsetInPart} of the part (${p.firstDifference.offsetInString} of A's string): “${p.firstDifference.a}” vs “${p.firstDifference.b}”`
                  : 'same'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function Result({ c }: { c: ExchangeComparison }) {
  return (
    <div className="wb-compare__result">
      <p data-testid="compare-summary" className={c.differing.length ? 'wb-differs' : 'wb-same'}>
        {c.differing.length ? `Differs in: ${c.differing.join(', ')}.` : 'No difference (apart from dates, counters and fresh signatures).'}
      </p>
      <h3 className="wb-h">Request line</h3>
      <div className="wb-sides mono">
        <span>{c.requestLine.a}</span>
        <span>{c.requestLine.b}</span>
      </div>
      <h3 className="wb-h">Status</h3>
      <div className="wb-sides mono" data-testid="compare-status">
        <span>{c.status.a ?? 'no response'}</span>
        <span>{c.status.b ?? 'no response'}</span>
      </div>
      {c.canonical ? (
        <>
          <h3 className="wb-h">HMAC canonical strings (5.2)</h3>
          <Canonical diff={c.canonical} />
        </>
      ) : null}
      <h3 className="wb-h">Query</h3>
      <Pairs rows={c.query} label="Query comparison" />
      <h3 className="wb-h">Request headers</h3>
      <Pairs rows={c.requestHeaders} label="Request headers comparison" />
      <h3 className="wb-h">Request body</h3>
      <Body diff={c.requestBody} label="request-body" />
      <h3 className="wb-h">Response headers</h3>
      <Pairs rows={c.responseHeaders} label="Response headers comparison" />
      <h3 className="wb-h">Response body</h3>
      <Body diff={c.responseBody} label="response-body" />
    </div>
  )
}

/** Two exchanges side by side: any two log entries, for example an imported failing one and its replay. */
export function CompareView() {
  const { a, b } = useRequestsStore(s => s.compare)
  const cmp = useCompare(a, b)
  return (
    <section className="wb-compare" aria-label="Compare two exchanges">
      <div className="wb-line">
        <EntryPicker side="a" value={a} />
        <EntryPicker side="b" value={b} />
        {a ? (
          <button type="button" className="btn btn--small" onClick={() => openLogInComposer(a)}>
            Edit A and resend
          </button>
        ) : null}
      </div>
      {!a || !b ? <p className="empty">Choose two entries of the network log (or use “Compare” on an entry of the log).</p> : null}
      {cmp.isLoading ? <p className="loading">Comparing…</p> : null}
      <ErrorBox error={cmp.error} title="Cannot compare." />
      {cmp.data ? <Result c={cmp.data} /> : null}
    </section>
  )
}
