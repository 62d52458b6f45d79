import type { InspectedSignature, SkewStatus } from '../../../../shared/contract'
import { CopyButton } from '../../ui/copy-button'
import { SignatureLifeMeter } from './signature-life-meter'

const TIME_SOURCE_TEXT = {
  given: 'the timestamp field',
  local: 'this machine’s clock',
  server: 'the server’s estimated clock',
} as const satisfies Record<InspectedSignature['timeSource'], string>

/**
 * The result of signing: the three headers to send (the signature is shown by design: computed on request, it lives
 * 10 s and is used once), the key's fingerprint (never the key), and the signature's remaining life, draining.
 */
export function SignatureCard({
  sig,
  skew,
  onCheck,
  onServerTime,
}: {
  sig: InspectedSignature
  skew: SkewStatus | undefined
  onCheck: () => void
  onServerTime: () => void
}) {
  const headers = Object.entries(sig.headers)
  return (
    <section className="signature-card" aria-label="Signature">
      <header className="canonical__head">
        <h2 className="inspector__h2">Headers to send</h2>
        <span className="mono canonical__size">
          {sig.algorithm} · {sig.encoding} · key {sig.secretFingerprint}
        </span>
        <CopyButton text={headers.map(([k, v]) => `${k}: ${v}`).join('\n')} label="Copy headers" />
        <button
          type="button"
          className="btn btn--small"
          onClick={onCheck}
          title="Open these values in Verify to change one and see what the explainer says"
        >
          Verify these
        </button>
      </header>
      <dl className="facts signature-card__headers">
        {headers.map(([name, value]) => (
          <div key={name} className="signature-card__row">
            <dt className="mono">{name}</dt>
            <dd className="mono" data-testid={`header-${name}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <SignatureLifeMeter timestamp={sig.timestamp} status={skew} onServerTime={onServerTime} />
      <p className="inspector__note">
        Timestamp from {TIME_SOURCE_TEXT[sig.timeSource]}. A fresh signature is made for every request; this one is for looking at.
      </p>
    </section>
  )
}
