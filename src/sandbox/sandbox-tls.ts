import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
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
  /** True when this call created the CA (first use of the data folder). */
  createdCa: boolean
}

/** The names the sandbox's server certificate covers: it only ever listens on loopback. */
export const SANDBOX_TLS_HOSTS = ['127.0.0.1', 'localhost', '::1']

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
 * Loads the sandbox's CA and server certificate from `<dataDir>/tls/`, creating them when absent: the CA once (its key
 * 0600, never leaves the folder), the server certificate again whenever it is missing, expiring within a week, not
 * signed by that CA or not covering 127.0.0.1, localhost and ::1.
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
  if (!caCert || !caKey) {
    const ca = createCertificateAuthority('Partner Console Sandbox local CA')
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
    const issued = issueServerCertificate(ca, { hosts: SANDBOX_TLS_HOSTS, commonName: 'localhost' })
    cert = issued.certPem
    key = issued.keyPem
    await writePrivate(files.keyFile, key, 0o600)
    await writePrivate(files.certFile, cert, 0o644)
  }
  return { ...files, ca: caCert, cert, key, createdCa }
}

/** How to trust the sandbox's CA: for Node processes, and in the operating system's store. */
export function trustInstructions(caFile: string): string[] {
  return [
    `CA certificate: ${caFile}`,
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
