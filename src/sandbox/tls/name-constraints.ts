import { isIP } from 'node:net'
import { forge } from './forge-library'

/** X.509 name constraints (RFC 5280 4.2.1.10): the only names a CA's certificates may carry. */
export interface PermittedNames {
  /** DNS names; each also permits its subdomains (`localhost` permits `a.localhost`). */
  dns: string[]
  /** IP ranges in CIDR form (`127.0.0.0/8`, `::1/128`). */
  ipRanges: string[]
}

/** Loopback only: what the sandbox's CA may sign for. */
export const LOOPBACK_NAMES: PermittedNames = { dns: ['localhost'], ipRanges: ['127.0.0.0/8', '::1/128'] }

/** The OID of id-ce-nameConstraints. */
const NAME_CONSTRAINTS_OID = '2.5.29.30'

function ipBytes(address: string): number[] {
  if (isIP(address) === 4) return address.split('.').map(Number)
  // Expand `::` and the groups of an IPv6 address into 16 bytes.
  const [head = '', tail = ''] = address.includes('::') ? address.split('::') : [address, '']
  const groups = (s: string) => (s === '' ? [] : s.split(':').map(g => Number.parseInt(g, 16)))
  const h = groups(head)
  const t = groups(tail)
  const all = [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t]
  return all.flatMap(g => [g >> 8, g & 0xff])
}

function maskBytes(bits: number, length: number): number[] {
  return Array.from({ length }, (_, i) => {
    const left = Math.max(0, Math.min(8, bits - i * 8))
    return (0xff << (8 - left)) & 0xff
  })
}

/** The iPAddress form of a name constraint: the address followed by its mask (8 bytes for IPv4, 32 for IPv6). */
function cidrOctets(cidr: string): string {
  const [address = '', prefix = ''] = cidr.split('/')
  const family = isIP(address)
  const bits = Number(prefix)
  if (family === 0 || !Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128)) {
    throw new Error(`Not an IP range in CIDR form: "${cidr}"`)
  }
  const bytes = ipBytes(address)
  return String.fromCharCode(...bytes, ...maskBytes(bits, bytes.length))
}

/** The DER value of a nameConstraints extension permitting exactly `names` (no excluded subtrees). */
function nameConstraintsDer(names: PermittedNames): string {
  const { asn1 } = forge()
  const subtree = (tag: number, value: string) =>
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, false, value)])
  const subtrees = [...names.dns.map(d => subtree(2, d)), ...names.ipRanges.map(r => subtree(7, cidrOctets(r)))]
  const value = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, subtrees)])
  return asn1.toDer(value).getBytes()
}

/** The certificate extension (critical) for forge's `setExtensions`. */
export function nameConstraintsExtension(names: PermittedNames): { id: string; critical: true; value: string } {
  return { id: NAME_CONSTRAINTS_OID, critical: true, value: nameConstraintsDer(names) }
}

/** True when the PEM certificate carries a critical nameConstraints extension permitting exactly `names`. */
export function hasNameConstraints(certPem: string, names: PermittedNames): boolean {
  try {
    const cert = forge().pki.certificateFromPem(certPem)
    const ext = cert.extensions.find(e => e.id === NAME_CONSTRAINTS_OID) as { critical?: boolean; value?: string } | undefined
    return ext?.critical === true && ext.value === nameConstraintsDer(names)
  } catch {
    return false
  }
}
