import { createPublicKey, X509Certificate } from 'node:crypto'
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { hasNameConstraints, LOOPBACK_NAMES } from './name-constraints'
import { certificateStillFits, createCertificateAuthority, type IssuedCertificate, issueServerCertificate } from './tls-certificates'

/** The sandbox's TLS material on disk: a local CA (created once) and the server certificate it signed. */
export interface SandboxTlsFiles {
  /** The CA certificate to trust (the only file a client needs). */
  caFile: string
  caKeyFile: string
  certFile: string
  keyFile: string
  ca: string
  cert: string
  key: string
  /** True when this call created the CA (first use of the data folder, or a replacement). */
  createdCa: boolean
  /** Why an existing CA in the folder was replaced (say it to the user: the old one must leave their trust stores). */
  replacedCa?: string
}

/** The names the sandbox's server certificate covers: it only ever listens on loopback. */
export const SANDBOX_TLS_HOSTS = ['127.0.0.1', 'localhost', '::1']

/** The sandbox CA's lifetime: a development CA, trusted on one machine, renewed once a year. */
export const SANDBOX_CA_DAYS = 365
/** The server certificate's lifetime (renewed automatically a week before it ends, never beyond the CA's). */
const SANDBOX_SERVER_CERT_DAYS = 90
/** A CA this close to its end is replaced (with a message) rather than left to expire in the middle of a session. */
const CA_RENEW_DAYS = 30
const DAY_MS = 86_400_000

/** Why an existing CA must not be kept (undefined when it is fit): no loopback-only constraints, too long, ending, broken. */
export function caProblem(caPem: string, keyPem: string, now = Date.now()): string | undefined {
  try {
    const ca = new X509Certificate(caPem)
    if (!ca.publicKey.equals(createPublicKey(keyPem))) return 'its key file does not match the certificate'
    if (!hasNameConstraints(caPem, LOOPBACK_NAMES))
      return 'it has no name constraints, so its key could sign a certificate for any host (made by an older version)'
    const from = Date.parse(ca.validFrom)
    const to = Date.parse(ca.validTo)
    if (to - from > (SANDBOX_CA_DAYS + 1) * DAY_MS) return `it is valid for more than ${SANDBOX_CA_DAYS} days`
    if (to - now < CA_RENEW_DAYS * DAY_MS) return `it expires on ${new Date(to).toISOString().slice(0, 10)}`
    return undefined
  } catch (error) {
    return `it cannot be read (${(error as Error).message})`
  }
}

async function readOrNull(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8')
  } catch {
    return null
  }
}

async function writePrivate(file: string, text: string, mode: number): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`
  await writeFile(tmp, text, { mode })
  await chmod(tmp, mode)
  await rename(tmp, file)
}

/**
 * Loads the sandbox's CA and server certificate from `<dataDir>/tls/`, creating them when absent: the CA (its key
 * 0600, never leaves the folder) limited by critical name constraints to localhost, 127.0.0.0/8 and ::1, valid one
 * year; an existing CA without exactly those constraints, longer-lived, within 30 days of its end or unreadable is
 * replaced and `replacedCa` says why, never silently kept. The server certificate is issued again whenever it is
 * missing, expiring within a week, not signed by that CA or not covering 127.0.0.1, localhost and ::1.
 */
export async function ensureSandboxTls(dataDir: string): Promise<SandboxTlsFiles> {
  const dir = join(dataDir, 'tls')
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const files = {
    caFile: join(dir, 'sandbox-ca.pem'),
    caKeyFile: join(dir, 'sandbox-ca-key.pem'),
    certFile: join(dir, 'sandbox-server.pem'),
    keyFile: join(dir, 'sandbox-server-key.pem'),
  }
  let caCert = await readOrNull(files.caFile)
  let caKey = await readOrNull(files.caKeyFile)
  let createdCa = false
  const replacedCa = caCert && caKey ? caProblem(caCert, caKey) : undefined
  if (!caCert || !caKey || replacedCa) {
    const ca = createCertificateAuthority('Partner Console Sandbox local CA (loopback only)', {
      validDays: SANDBOX_CA_DAYS,
      permitted: LOOPBACK_NAMES,
    })
    caCert = ca.certPem
    caKey = ca.keyPem
    await writePrivate(files.caKeyFile, caKey, 0o600)
    await writePrivate(files.caFile, caCert, 0o644)
    createdCa = true
  }
  const ca: IssuedCertificate = { certPem: caCert, keyPem: caKey }
  let cert = await readOrNull(files.certFile)
  let key = await readOrNull(files.keyFile)
  if (!cert || !key || !certificateStillFits(cert, caCert, SANDBOX_TLS_HOSTS)) {
    const caEnd = Date.parse(new X509Certificate(caCert).validTo)
    const notAfter = new Date(Math.min(Date.now() + SANDBOX_SERVER_CERT_DAYS * DAY_MS, caEnd))
    const issued = issueServerCertificate(ca, { hosts: SANDBOX_TLS_HOSTS, commonName: 'localhost', notAfter })
    cert = issued.certPem
    key = issued.keyPem
    await writePrivate(files.keyFile, key, 0o600)
    await writePrivate(files.certFile, cert, 0o644)
  }
  return { ...files, ca: caCert, cert, key, createdCa, ...(replacedCa ? { replacedCa } : {}) }
}

/** What replacing an old CA means for the user: the old one stays trusted wherever they installed it, until removed. */
export function replacedCaNotice(reason: string): string[] {
  return [
    `The sandbox's previous local CA was replaced: ${reason}.`,
    'Remove the old "Partner Console Sandbox local CA" from every trust store you added it to (it could vouch for any',
    'host), then trust the new CA file below instead.',
  ]
}

/** How to trust the sandbox's CA (for Node processes, and in the operating system's store), and what trusting it allows. */
export function trustInstructions(caFile: string): string[] {
  return [
    `CA certificate: ${caFile}`,
    `What it can sign: only localhost (and *.localhost), 127.0.0.0/8 and ::1; valid ${SANDBOX_CA_DAYS} days. It cannot sign`,
    'for any other host: TLS clients refuse such a certificate (X.509 name constraints, critical), so trusting it lets',
    'nobody holding its key impersonate a real site. Its key stays in the data folder (0600).',
    'Trust it in Node.js tools (this console included):',
    `  export NODE_EXTRA_CA_CERTS="${caFile}"`,
    'Or in the operating system store:',
    `  Debian/Ubuntu: sudo cp "${caFile}" /usr/local/share/ca-certificates/partner-console-sandbox.crt && sudo update-ca-certificates`,
    `  Fedora/RHEL:   sudo cp "${caFile}" /etc/pki/ca-trust/source/anchors/ && sudo update-ca-trust`,
    `  macOS:         sudo security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain "${caFile}"`,
    `  Windows:       certutil -addstore -user Root "${caFile}"`,
    `  curl:          curl --cacert "${caFile}" …`,
  ]
}
