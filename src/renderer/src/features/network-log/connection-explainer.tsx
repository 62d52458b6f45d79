import type { CertificateSummary, ConnectionDetails } from '../../../../shared/contract'

function day(iso: string): string {
  return iso.slice(0, 10)
}

function Certificate({ cert, index, last }: { cert: CertificateSummary; index: number; last: boolean }) {
  const role = index === 0 ? 'Server certificate' : last && cert.selfIssued ? 'Root CA (trust anchor)' : 'Intermediate CA'
  const expired = Date.parse(cert.validTo) < Date.now()
  return (
    <li className="conn-cert">
      <div className="conn-cert__role">{role}</div>
      <dl className="netlog-facts">
        <dt>Subject</dt>
        <dd className="mono">{cert.subject}</dd>
        <dt>Issuer</dt>
        <dd className="mono">{cert.issuer}</dd>
        <dt>Valid</dt>
        <dd className="mono">
          {day(cert.validFrom)} to {day(cert.validTo)}
          {expired ? <strong className="conn-warn"> expired</strong> : null}
        </dd>
        {cert.subjectAltNames.length > 0 ? (
          <>
            <dt>Names (SAN)</dt>
            <dd className="mono">{cert.subjectAltNames.join(', ')}</dd>
          </>
        ) : null}
        <dt>SHA-256</dt>
        <dd className="mono conn-cert__fp">{cert.fingerprint256}</dd>
      </dl>
    </li>
  )
}

/**
 * The TLS and proxy explainer of one exchange: which proxy carried it (or why it went direct), whether the connection
 * was reused, and for HTTPS the protocol, cipher, ALPN, the server's chain, which CA trusted it, and a TLS-inspecting
 * proxy when the chain says so.
 */
export function ConnectionExplainer({ connection }: { connection: ConnectionDetails | undefined }) {
  if (!connection) {
    return (
      <p className="empty">No connection details: the request did not reach a socket, or the entry was imported from a HAR without them.</p>
    )
  }
  const c = connection
  const t = c.tls
  return (
    <section className="conn" aria-label="Connection">
      {t?.inspection ? (
        <p className="conn-inspection" role="note">
          <strong>TLS inspection: </strong>
          {t.inspection}
        </p>
      ) : null}
      <dl className="netlog-facts">
        <dt>Proxy</dt>
        <dd>
          {c.proxy ? (
            <>
              <span className="mono">{c.proxy}</span> (
              {c.proxySource === 'environment' ? 'the environment’s proxy setting' : `from ${c.proxySource}`})
            </>
          ) : (
            (c.proxyBypass ?? 'none: a direct connection')
          )}
        </dd>
        <dt>Connection</dt>
        <dd>
          {c.reused ? 'reused (kept alive from an earlier request)' : 'new'}
          {c.remoteAddress ? <span className="mono"> · {c.remoteAddress}</span> : null}
        </dd>
        {t ? (
          <>
            <dt>TLS</dt>
            <dd className="mono">
              {t.protocol ?? 'unknown'} · {t.cipher ?? 'unknown cipher'} · ALPN {t.alpn ?? 'none'}
              {t.sessionReused ? ' · session resumed' : ''}
            </dd>
            <dt>Trusted by</dt>
            <dd>{t.trustedBy ?? 'a CA this console could not name (the chain the server sent does not reach a known root)'}</dd>
            <dt>Client certificate</dt>
            <dd>{t.clientCertificate ?? 'none sent'}</dd>
          </>
        ) : (
          <>
            <dt>TLS</dt>
            <dd>none: plain HTTP</dd>
          </>
        )}
      </dl>
      {t && t.chain.length > 0 ? (
        <>
          <h3 className="netlog-detail__h">Certificate chain</h3>
          <ol className="conn-chain" aria-label="Certificate chain">
            {t.chain.map((cert, i) => (
              <Certificate key={cert.fingerprint256} cert={cert} index={i} last={i === t.chain.length - 1} />
            ))}
          </ol>
        </>
      ) : null}
    </section>
  )
}
