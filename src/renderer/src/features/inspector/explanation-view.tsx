import type { SignatureExplanation } from '../../../../shared/contract'
import { CanonicalView } from './canonical-view'
import { PartsTable } from './parts-table'
import { CanonicalDiff } from './text-diff'

function verdictTitle(e: SignatureExplanation): string {
  if (e.valid) return 'Signature valid'
  if (e.signatureMatches) return 'Signature matches, but the server will refuse it'
  return 'Signature does not match'
}

/**
 * What the explainer found: the verdict in one line, each mistake that reproduces the captured signature named and
 * explained (with what was signed against what the server signs), the mistakes ruled out, and the canonical string
 * the server computes for this request, part by part.
 */
export function ExplanationView({ explanation }: { explanation: SignatureExplanation }) {
  const found = explanation.diagnosis.filter(d => d.reproduces)
  const ruledOut = explanation.diagnosis.filter(d => !d.reproduces)
  const expected = explanation.expected
  return (
    <div className="explanation">
      <section className={`verdict verdict--${explanation.valid ? 'valid' : 'invalid'}`} aria-label="Verdict" data-testid="verdict">
        <h2 className="inspector__h2">{verdictTitle(explanation)}</h2>
        <p>{explanation.summary}</p>
        <dl className="facts verdict__sigs">
          <dt>x-signature sent</dt>
          <dd className="mono">{explanation.given}</dd>
          <dt>expected</dt>
          <dd className="mono">{expected.signature}</dd>
          {explanation.stale ? (
            <>
              <dt>lifetime</dt>
              <dd>{explanation.stale.message}</dd>
            </>
          ) : null}
        </dl>
      </section>
      {found.length > 0 ? (
        <section className="diagnoses" aria-label="Mistakes found">
          {found.map(d => (
            <article key={d.id} className="diagnosis" data-testid="diagnosis">
              <h3 className="diagnosis__name">{d.mistake}</h3>
              <p>{d.explanation}</p>
              {d.signedCanonical !== undefined ? <CanonicalDiff signed={d.signedCanonical} expected={expected.canonical} /> : null}
            </article>
          ))}
        </section>
      ) : null}
      {ruledOut.length > 0 ? (
        <details className="ruled-out">
          <summary>Ruled out ({ruledOut.length})</summary>
          <ul>
            {ruledOut.map(d => (
              <li key={d.id}>{d.mistake}</li>
            ))}
          </ul>
        </details>
      ) : null}
      <CanonicalView sig={expected} title="What the server signs" />
      <PartsTable sig={expected} />
    </div>
  )
}
