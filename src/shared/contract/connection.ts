// How an exchange reached its server: the proxy that carried it, the connection (new or reused) and, for HTTPS, the
// TLS session and the certificate chain. Shown in the exchange detail's TLS and proxy explainer and in the HAR (`_tls`).

/** One certificate of the server's chain, as the explainer lists it. */
export interface CertificateSummary {
  subject: string
  issuer: string
  validFrom: string
  validTo: string
  /** DNS names and IP addresses the certificate covers. */
  subjectAltNames: string[]
  /** SHA-256 fingerprint, colon-separated hex. */
  fingerprint256: string
  selfIssued: boolean
}

export interface TlsDetails {
  /** e.g. `TLSv1.3`. */
  protocol: string | null
  /** e.g. `TLS_AES_256_GCM_SHA384`. */
  cipher: string | null
  /** The ALPN protocol agreed (`http/1.1`), or null when none was. */
  alpn: string | null
  /** Leaf first, then each issuer as far as the chain goes (the trust anchor last when it is known). */
  chain: CertificateSummary[]
  /** Which CA store or file vouched for the chain (e.g. `CA file /etc/corp/ca.pem`, `Node.js bundled store (Mozilla)`). */
  trustedBy: string | null
  /** Set when the chain looks issued by a TLS-inspecting proxy rather than the server's own CA: says why. */
  inspection: string | null
  /** The TLS session was resumed from an earlier one. */
  sessionReused: boolean
  /** The client certificate presented (mutual TLS), described without its key. */
  clientCertificate: string | null
}

export interface ConnectionDetails {
  /** The proxy's origin (no credentials), or null for a direct connection. */
  proxy: string | null
  /** Where the proxy came from: the environment's setting or the HTTPS_PROXY / HTTP_PROXY variables. */
  proxySource: 'environment' | 'HTTPS_PROXY' | 'HTTP_PROXY' | null
  /** Why the request went direct although a proxy is set (a NO_PROXY entry), when it did. */
  proxyBypass: string | null
  /** A keep-alive connection opened by an earlier request was used. */
  reused: boolean
  /** The address the socket is connected to (the proxy's when one carried it). */
  remoteAddress: string | null
  tls: TlsDetails | null
}
