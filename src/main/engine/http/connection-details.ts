import type { Socket } from 'node:net'
import type { DetailedPeerCertificate, TLSSocket } from 'node:tls'
import type { CertificateSummary, ConnectionDetails, TlsDetails } from '../../../shared/contract'
import type { NetworkRoute } from './network-dispatcher'

/** What the socket itself tells (before the route adds the proxy and the trust source). */
export interface SocketFacts {
  reused: boolean
  remoteAddress: string | null
  tls: Omit<TlsDetails, 'trustedBy' | 'inspection' | 'clientCertificate'> | null
}

/**
 * What each socket said on its first request, and the same facts as every later request on it sees them (its address
 * and TLS facts do not change while it lives): both made once per socket, handed out again, never written to.
 */
const bySocket = new WeakMap<object, { first: SocketFacts; reused: SocketFacts }>()

/** Names of products whose CA re-signs server certificates to inspect TLS (matched in the issuer). */
const INSPECTING_PRODUCTS =
  /mitmproxy|zscaler|netskope|forti(gate|net)|palo ?alto|blue ?coat|symantec web|cisco umbrella|sophos|forcepoint|websense|charles proxy|fiddler|portswigger|burp|kaspersky|avast|eset ssl|bitdefender|checkpoint|check point|mcafee web gateway|squid|untangle|contentkeeper|lightspeed|securly|goguardian/i

function summarize(cert: DetailedPeerCertificate): CertificateSummary {
  const names = (cert.subjectaltname ?? '')
    .split(/,\s*/)
    .filter(Boolean)
    .map(n => n.replace(/^(DNS|IP Address):/, ''))
  return {
    subject: dn(cert.subject),
    issuer: dn(cert.issuer),
    validFrom: new Date(cert.valid_from).toISOString(),
    validTo: new Date(cert.valid_to).toISOString(),
    subjectAltNames: names,
    fingerprint256: cert.fingerprint256,
    selfIssued: dn(cert.subject) === dn(cert.issuer),
  }
}

function dn(name: DetailedPeerCertificate['subject'] | undefined): string {
  if (!name) return ''
  const parts: string[] = []
  for (const key of ['CN', 'O', 'OU', 'C'] as const) {
    const v = (name as unknown as Record<string, string | string[] | undefined>)[key]
    if (v) parts.push(`${key}=${Array.isArray(v) ? v.join('+') : v}`)
  }
  return parts.join(', ')
}

function chainOf(socket: TLSSocket): CertificateSummary[] {
  const chain: CertificateSummary[] = []
  let cert = socket.getPeerCertificate(true) as DetailedPeerCertificate | undefined
  const fingerprints = new Set<string>()
  while (cert?.fingerprint256 && !fingerprints.has(cert.fingerprint256) && chain.length < 10) {
    fingerprints.add(cert.fingerprint256)
    chain.push(summarize(cert))
    cert = cert.issuerCertificate
  }
  return chain
}

/** The TLS socket under undici's (for a tunnel through a proxy, the TLS socket wraps the proxy's socket). */
function asTls(socket: Socket): TLSSocket | null {
  return typeof (socket as Partial<TLSSocket>).getPeerCertificate === 'function' ? (socket as TLSSocket) : null
}

/**
 * What the socket a request was written to says about the connection: whether an earlier request already used it,
 * where it goes, and for TLS the protocol, cipher, ALPN and chain (read once per socket, then reused).
 */
export function readSocketFacts(socket: Socket): SocketFacts {
  const known = bySocket.get(socket)
  // A reused connection: what the socket said on its first request, only `reused` differs (no lookups, no object).
  if (known) return known.reused
  const t = asTls(socket)
  const tls = t
    ? {
        protocol: t.getProtocol() ?? null,
        cipher: t.getCipher()?.standardName ?? t.getCipher()?.name ?? null,
        alpn: typeof t.alpnProtocol === 'string' ? t.alpnProtocol : null,
        chain: chainOf(t),
        sessionReused: t.isSessionReused(),
      }
    : null
  const first: SocketFacts = {
    reused: false,
    remoteAddress: socket.remoteAddress ? `${socket.remoteAddress}:${socket.remotePort}` : null,
    tls,
  }
  bySocket.set(socket, { first, reused: { reused: true, remoteAddress: first.remoteAddress, tls } })
  return first
}

/** Why a chain looks issued by a TLS-inspecting proxy, or null: a known product's CA, or a private CA behind a proxy. */
function inspectionSign(chain: readonly CertificateSummary[], route: NetworkRoute): string | null {
  const anchor = chain[chain.length - 1]
  if (!anchor) return null
  const issuer = chain.map(c => c.issuer).find(i => INSPECTING_PRODUCTS.test(i))
  if (issuer) {
    return `The certificate was issued by "${issuer}", the CA of a TLS-inspecting proxy, not by the server's own CA: the proxy decrypts and re-encrypts this traffic.`
  }
  if (route.proxy.proxy && !route.trust.isPublic(anchor.fingerprint256) && !route.trust.isEnvironments(anchor.fingerprint256)) {
    return `The chain ends at "${anchor.subject}", a private CA that is not the environment's own, on a connection through the proxy ${route.proxy.proxy}: the proxy probably inspects TLS.`
  }
  return null
}

/** The details last made from a socket's facts (per socket and reuse), with the route they were made for. */
const detailsOf = new WeakMap<SocketFacts, { route: NetworkRoute | undefined; details: ConnectionDetails }>()

/**
 * The connection details for the explainer and the HAR: the socket's facts with the route's proxy and trust. The
 * facts of a socket are one object per socket and reuse (readSocketFacts), so the details made from them for a route
 * are made once and handed out again to every exchange on that connection (entries share them; no one writes to them).
 */
export function connectionDetails(facts: SocketFacts, route: NetworkRoute | undefined): ConnectionDetails {
  const known = detailsOf.get(facts)
  if (known && sameRoute(known.route, route)) return known.details
  const details = buildDetails(facts, route)
  detailsOf.set(facts, { route, details })
  return details
}

/** Whether two routes (one is made per request) give the same details: the same trust, certificate and proxy choice. */
function sameRoute(a: NetworkRoute | undefined, b: NetworkRoute | undefined): boolean {
  if (a === b) return true
  if (!a || !b) return false
  return (
    a.trust === b.trust &&
    a.clientCertificate === b.clientCertificate &&
    a.proxy.proxy === b.proxy.proxy &&
    a.proxy.source === b.proxy.source &&
    a.proxy.bypass === b.proxy.bypass
  )
}

function buildDetails(facts: SocketFacts, route: NetworkRoute | undefined): ConnectionDetails {
  let tls: TlsDetails | null = null
  if (facts.tls) {
    const anchor = facts.tls.chain[facts.tls.chain.length - 1]
    tls = {
      ...facts.tls,
      trustedBy: anchor && route ? (route.trust.sourceOf(anchor.fingerprint256) ?? null) : null,
      inspection: route ? inspectionSign(facts.tls.chain, route) : null,
      clientCertificate: route?.clientCertificate ?? null,
    }
  }
  return {
    proxy: route?.proxy.proxy ?? null,
    proxySource: route?.proxy.source ?? null,
    proxyBypass: route?.proxy.bypass ?? null,
    reused: facts.reused,
    remoteAddress: facts.remoteAddress,
    tls,
  }
}
