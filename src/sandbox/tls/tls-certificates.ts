import { generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto'
import type forgeTypes from 'node-forge'
import { forge } from './forge-library'
import { nameConstraintsExtension, type PermittedNames } from './name-constraints'

/** A certificate and its private key, both PEM. */
export interface IssuedCertificate {
  certPem: string
  keyPem: string
}

interface IssueOptions {
  /** DNS names and IP addresses the certificate is valid for (subjectAltName). */
  hosts: string[]
  commonName?: string
  notBefore?: Date
  notAfter?: Date
}

const DAY_MS = 86_400_000

function newRsaKey(): { privateKey: forgeTypes.pki.rsa.PrivateKey; publicKey: forgeTypes.pki.rsa.PublicKey; keyPem: string } {
  // node:crypto makes the key (fast, native); node-forge only assembles and signs the X.509 structure.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const keyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()
  const forgeKey = forge().pki.privateKeyFromPem(keyPem) as forgeTypes.pki.rsa.PrivateKey
  return { privateKey: forgeKey, publicKey: forge().pki.setRsaPublicKey(forgeKey.n, forgeKey.e), keyPem }
}

function serial(): string {
  // Positive, 16 bytes: the high bit cleared so DER does not read it as negative.
  const bytes = randomBytes(16)
  bytes[0] = (bytes[0] as number) & 0x7f
  return bytes.toString('hex')
}

export interface CaOptions {
  /** Lifetime in days (default 3650: a test CA; the sandbox's own CA asks for less). */
  validDays?: number
  /** X.509 name constraints (critical): clients refuse any certificate of this CA naming something else. */
  permitted?: PermittedNames
}

/**
 * Creates a self-signed certificate authority (RSA 2048, SHA-256) that may sign end-entity certificates only; with
 * `permitted`, only for those names (a TLS client refuses a leaf for any other host even when it trusts the CA).
 */
export function createCertificateAuthority(commonName: string, options: CaOptions = {}): IssuedCertificate {
  const validDays = options.validDays ?? 3650
  const key = newRsaKey()
  const cert = forge().pki.createCertificate()
  cert.publicKey = key.publicKey
  cert.serialNumber = serial()
  cert.validity.notBefore = new Date(Date.now() - 60_000)
  cert.validity.notAfter = new Date(Date.now() + validDays * DAY_MS)
  const name = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'Partner API Console (local)' },
  ]
  cert.setSubject(name)
  cert.setIssuer(name)
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
    ...(options.permitted ? [nameConstraintsExtension(options.permitted)] : []),
  ])
  cert.sign(key.privateKey, forge().md.sha256.create())
  return { certPem: forge().pki.certificateToPem(cert), keyPem: key.keyPem }
}

/** Issues a TLS server certificate for `hosts` (IP addresses and DNS names), signed by `ca`. */
export function issueServerCertificate(ca: IssuedCertificate, options: IssueOptions): IssuedCertificate {
  const caCert = forge().pki.certificateFromPem(ca.certPem)
  const caKey = forge().pki.privateKeyFromPem(ca.keyPem)
  const key = newRsaKey()
  const cert = forge().pki.createCertificate()
  cert.publicKey = key.publicKey
  cert.serialNumber = serial()
  cert.validity.notBefore = options.notBefore ?? new Date(Date.now() - 60_000)
  cert.validity.notAfter = options.notAfter ?? new Date(Date.now() + 825 * DAY_MS)
  cert.setSubject([{ name: 'commonName', value: options.commonName ?? options.hosts[0] ?? 'localhost' }])
  cert.setIssuer(caCert.subject.attributes)
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: options.hosts.map(host => (/^[\d.]+$|:/.test(host) ? { type: 7, ip: host } : { type: 2, value: host })),
    },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
  ])
  cert.sign(caKey, forge().md.sha256.create())
  return { certPem: forge().pki.certificateToPem(cert), keyPem: key.keyPem }
}

/** Issues a TLS client certificate (for mutual TLS) signed by `ca`. */
export function issueClientCertificate(ca: IssuedCertificate, commonName: string, validDays = 825): IssuedCertificate {
  const caCert = forge().pki.certificateFromPem(ca.certPem)
  const caKey = forge().pki.privateKeyFromPem(ca.keyPem)
  const key = newRsaKey()
  const cert = forge().pki.createCertificate()
  cert.publicKey = key.publicKey
  cert.serialNumber = serial()
  cert.validity.notBefore = new Date(Date.now() - 60_000)
  cert.validity.notAfter = new Date(Date.now() + validDays * DAY_MS)
  cert.setSubject([{ name: 'commonName', value: commonName }])
  cert.setIssuer(caCert.subject.attributes)
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, critical: true },
    { name: 'extKeyUsage', clientAuth: true },
  ])
  cert.sign(caKey, forge().md.sha256.create())
  return { certPem: forge().pki.certificateToPem(cert), keyPem: key.keyPem }
}

/** True when `leaf` is signed by `ca`, covers every host and stays valid for at least `marginDays` more days. */
export function certificateStillFits(leafPem: string, caPem: string, hosts: string[], marginDays = 7): boolean {
  try {
    const leaf = new X509Certificate(leafPem)
    const ca = new X509Certificate(caPem)
    if (!leaf.checkIssued(ca) || !leaf.verify(ca.publicKey)) return false
    if (Date.parse(leaf.validTo) - Date.now() < marginDays * DAY_MS) return false
    return hosts.every(h => (/^[\d.]+$|:/.test(h) ? leaf.checkIP(h) !== undefined : leaf.checkHost(h) !== undefined))
  } catch {
    return false
  }
}
