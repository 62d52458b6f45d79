import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import { isIP } from 'node:net'
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls'
import type forgeTypes from 'node-forge'

const DAY_MS = 86_400_000
// node-forge is 0.9 MB of JavaScript: loaded when the first capture CA is made, not by every process that builds the
// runtime (the CLI's walkthrough, the web host's start).
const requireHere = createRequire(import.meta.url)
function loadForge(): typeof forgeTypes {
  return requireHere('node-forge') as typeof forgeTypes
}

/** A leaf for one host of the environment, ready for a TLS server socket. */
export interface CaptureCa {
  certPem: string
  /** The capture CA followed by the system's CAs: for runtimes whose CA variable replaces their store (Python, curl). */
  bundlePem: string
  contextFor(host: string): SecureContext
}

/**
 * The capture's own certificate authority, made fresh for each capture (its key never leaves memory), and the leaf
 * certificates of the intercepted hosts. The CA is name-constrained (RFC 5280 4.2.1.10, critical) to the
 * environment's host names and loopback (localhost, 127.0.0.0/8, ::1): trusting it cannot make a client trust a
 * forged certificate for any other site. A leaf carries the host as a DNS name, or as an IP address when the host is
 * one (the TLS sandbox on https://127.0.0.1:PORT), which mockttp's leaves cannot (docs/capture.md).
 */
export function createCaptureCa(hosts: readonly string[]): CaptureCa {
  const forge = loadForge()
  const caKeys = rsaKeys()
  const leafKeys = rsaKeys()
  const now = Date.now()
  const ca = forge.pki.createCertificate()
  ca.publicKey = caKeys.publicKey
  ca.serialNumber = serial()
  ca.validity.notBefore = new Date(now - DAY_MS)
  ca.validity.notAfter = new Date(now + 30 * DAY_MS)
  const subject = [
    { name: 'commonName', value: 'Partner API Console capture CA (this machine, this capture only)' },
    { name: 'organizationName', value: 'Partner API Console' },
  ]
  ca.setSubject(subject)
  ca.setIssuer(subject)
  ca.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true, pathLenConstraint: 0 },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    { name: 'subjectKeyIdentifier' },
    { id: '2.5.29.30', critical: true, value: nameConstraints(hosts) },
  ])
  ca.sign(caKeys.privateKey, forge.md.sha256.create())
  const certPem = forge.pki.certificateToPem(ca)
  const leafKeyPem = forge.pki.privateKeyToPem(leafKeys.privateKey)
  const contexts = new Map<string, SecureContext>()
  return {
    certPem,
    bundlePem: `${certPem}\n${rootCertificates.join('\n')}\n`,
    contextFor(host) {
      const key = host.toLowerCase()
      let context = contexts.get(key)
      if (!context) {
        const leaf = forge.pki.createCertificate()
        leaf.publicKey = leafKeys.publicKey
        leaf.serialNumber = serial()
        leaf.validity.notBefore = new Date(now - DAY_MS)
        leaf.validity.notAfter = new Date(now + 30 * DAY_MS)
        // No common name: OpenSSL checks a CN that looks like a host name against the DNS constraints, which an IP
        // address in it fails; the name is in subjectAltName, where clients look.
        leaf.setSubject([{ name: 'organizationName', value: 'Partner API Console capture' }])
        leaf.setIssuer(subject)
        leaf.setExtensions([
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
          { name: 'extKeyUsage', serverAuth: true },
          { name: 'subjectAltName', altNames: [isIP(key) ? { type: 7, ip: key } : { type: 2, value: key }] },
          { name: 'authorityKeyIdentifier', keyIdentifier: ca.generateSubjectKeyIdentifier().getBytes() },
        ])
        leaf.sign(caKeys.privateKey, forge.md.sha256.create())
        context = createSecureContext({ key: leafKeyPem, cert: `${forge.pki.certificateToPem(leaf)}${certPem}` })
        contexts.set(key, context)
      }
      return context
    },
  }
}

/** RSA keys made by Node's crypto (native: milliseconds, where forge's pure-JS generation takes seconds). */
function rsaKeys(): forgeTypes.pki.rsa.KeyPair {
  const forge = loadForge()
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()
  const priv = forge.pki.privateKeyFromPem(pem) as forgeTypes.pki.rsa.PrivateKey
  return { privateKey: priv, publicKey: forge.pki.setRsaPublicKey(priv.n, priv.e) }
}

function serial(): string {
  // Positive (leading bit clear) and 16 bytes, as CAs are asked to.
  const bytes = randomBytes(16)
  bytes[0] = (bytes[0] as number) & 0x7f
  return bytes.toString('hex')
}

/** DER of NameConstraints with permitted subtrees: each DNS host, localhost, 127.0.0.0/8 and ::1/128. */
function nameConstraints(hosts: readonly string[]): string {
  const { asn1 } = loadForge()
  const subtree = (name: forgeTypes.asn1.Asn1) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [name])
  const dns = (host: string) => subtree(asn1.create(asn1.Class.CONTEXT_SPECIFIC, 2, false, host))
  const ip = (bytes: number[]) => subtree(asn1.create(asn1.Class.CONTEXT_SPECIFIC, 7, false, String.fromCharCode(...bytes)))
  const names = new Set(['localhost'])
  for (const host of hosts) if (!isIP(host)) names.add(host.toLowerCase())
  const permitted = [
    ...[...names].map(dns),
    ip([127, 0, 0, 0, 255, 0, 0, 0]),
    ip([...new Array(15).fill(0), 1, ...new Array(16).fill(255)]),
  ]
  const extra = hosts.filter(h => isIP(h) === 4 && !h.startsWith('127.')).map(h => ip([...h.split('.').map(Number), 255, 255, 255, 255]))
  const seq = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [...permitted, ...extra]),
  ])
  return asn1.toDer(seq).getBytes()
}
