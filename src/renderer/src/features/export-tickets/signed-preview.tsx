import type { InspectedSignature } from '../../../../shared/contract'
import { Countdown } from '../../ui/countdown'
import { ErrorBox } from '../../ui/error-box'

const LIFETIME_S = 10

/**
 * The signed request as it would go out now: request line, the three x- headers and the canonical string part by
 * part (docs/api.md#hmac-signature). It is a preview: the real request is signed again, with a fresh timestamp, when it is sent.
 */
export function SignedPreview({
  url,
  signature,
  error,
  loading,
}: {
  url: string
  signature: InspectedSignature | undefined
  error: unknown
  loading: boolean
}) {
  return (
    <section className="export-preview" aria-label="Signed request preview">
      <h2>Signed request (preview)</h2>
      <p className="mono export-preview__line">GET {url}</p>
      {error ? <ErrorBox error={error} title="Could not sign the preview." /> : null}
      {loading && !signature ? <p className="loading">Signing the preview…</p> : null}
      {signature ? (
        <>
          <table className="table table--dense export-preview__headers" aria-label="Signed headers">
            <tbody>
              {Object.entries(signature.headers).map(([name, value]) => (
                <tr key={name}>
                  <th scope="row" className="mono">
                    {name}
                  </th>
                  <td className="mono" data-testid={`preview-${name}`}>
                    {value}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="export-muted">
            Preview signed at <span className="mono">{signature.timestamp}</span> ({signature.timeSource} clock), life left{' '}
            <Countdown until={(signature.timestamp + LIFETIME_S) * 1000} done="none (re-signing)" /> · key: secret{' '}
            <span className="mono">#{signature.secretFingerprint}</span>. <strong>The real signature is computed fresh at send time</strong>
            , with a new timestamp: a signature lives 10 s and is never reused.
          </p>
          <h3>Canonical string</h3>
          <p className="export-canonical mono" data-testid="canonical-string">
            {signature.parts.map(p => (
              <span key={p.name} className={`export-part export-part--${p.name}`} title={`${p.name}: ${p.rule}`}>
                {p.value === '' ? <span className="export-part__empty">∅</span> : p.value}
              </span>
            ))}
          </p>
          <ul className="export-legend">
            {signature.parts.map(p => (
              <li key={p.name}>
                <i className={`legend-dot export-legend__dot export-part--${p.name}`} />
                <span className="mono">{p.name}</span> <span className="export-muted">{p.rule}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}
