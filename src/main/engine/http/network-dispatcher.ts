import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import type { ConnectionOptions } from 'node:tls'
import type { Dispatcher } from 'undici'
import { ConsoleError } from '../core/console-error'
import type { ResolvedNetwork } from '../core/ports'
import { proxyHopClientFactory } from './proxy-hop'
import { chooseProxy, displayProxy, type ProxyChoice, type ProxyVariables, readProxyVariables } from './proxy-route'
import { SocketObservation } from './socket-timings'
import { buildTrustStore, type TrustStore } from './trust-store'
import { Agent, envHttpProxyAgent } from './undici-parts'

/** How one request reaches its server: the dispatcher to use, the proxy it goes through, and what it trusts. */
export interface NetworkRoute {
  dispatcher: Dispatcher
  proxy: ProxyChoice
  trust: TrustStore
  /** A description of the client certificate presented (never the key), or null. */
  clientCertificate: string | null
}

interface PoolEntry {
  dispatcher: Dispatcher
  trust: TrustStore
  clientCertificate: string | null
  /** HTTP_PROXY/HTTPS_PROXY as the dispatcher read them when it was built (proxy mode "env"). */
  variables?: ProxyVariables
}

const KEEP_ALIVE_MS = 4_000

function mtime(file: string): number {
  try {
    return statSync(file).mtimeMs
  } catch {
    return -1
  }
}

function digest(value: string | undefined): string {
  return value === undefined ? '' : createHash('sha256').update(value).digest('hex')
}

/** A key that changes when any setting or file of the network settings changes (secrets only as digests). */
function cacheKey(n: ResolvedNetwork | undefined): string {
  if (!n) return 'default'
  const cert = n.clientCert
  return JSON.stringify({
    ca: n.caFiles.map(f => [f, mtime(f)]),
    extra: (n.extraCas ?? []).map(e => digest(e.pem)),
    system: n.systemCa,
    proxy: { ...n.proxy, password: digest(n.proxy.password) },
    cert: cert
      ? cert.kind === 'pem'
        ? [cert.certFile, mtime(cert.certFile), digest(cert.key), digest(cert.passphrase)]
        : [cert.file, mtime(cert.file), digest(cert.passphrase)]
      : null,
  })
}

function readSettingFile(file: string, what: string): Buffer {
  try {
    return readFileSync(file)
  } catch (error) {
    throw new ConsoleError(
      'invalid_request',
      `The ${what} ${file} could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
      {
        hint: 'Fix the path in the environment’s network settings (client certificate).',
      },
    )
  }
}

function clientCertOptions(n: ResolvedNetwork | undefined): { tls: ConnectionOptions; label: string | null } {
  const c = n?.clientCert
  if (!c) return { tls: {}, label: null }
  const out =
    c.kind === 'pem'
      ? {
          tls: { cert: readSettingFile(c.certFile, 'client certificate file'), key: c.key, passphrase: c.passphrase },
          label: `PEM ${c.certFile} (key in the vault)`,
        }
      : { tls: { pfx: readSettingFile(c.file, 'PKCS#12 file'), passphrase: c.passphrase }, label: `PKCS#12 ${c.file}` }
  try {
    // Opened once here, so a wrong passphrase or a key that does not match says so before any request is sent.
    // node:tls is loaded here, not on import: a run without a client certificate never needs it before a TLS connect.
    process.getBuiltinModule('node:tls').createSecureContext(out.tls)
  } catch (error) {
    throw new ConsoleError(
      'invalid_request',
      `The client certificate (${out.label}) could not be used: ${clientCertProblem(error as Error)}.`,
      {
        hint:
          c.kind === 'pkcs12'
            ? 'Check the PKCS#12 passphrase in the environment’s network settings (kept in the vault), and that the file is the one issued.'
            : 'Check that the private key in the vault belongs to this certificate, and its passphrase if the key is encrypted.',
      },
    )
  }
  return out
}

function clientCertProblem(error: Error): string {
  const m = error.message
  if (/mac verify failure|bad decrypt|bad password|wrong password/i.test(m)) return 'the passphrase is wrong'
  if (/key values mismatch/i.test(m)) return 'the private key does not match the certificate'
  if (/no start line|bad base64|not enough data|asn1|header too long/i.test(m)) return 'the file or key is not valid PEM/PKCS#12'
  return m
}

function proxyToken(n: ResolvedNetwork): { uri: string; token?: string } {
  const raw = n.proxy.url ?? ''
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ConsoleError('invalid_request', `The environment's proxy URL "${raw}" is not a URL.`, {
      hint: 'Write it as http://host:port (or https://host:port); put the user name and password in the proxy fields, not in the URL.',
    })
  }
  const username = n.proxy.username ?? decodeURIComponent(url.username)
  const password = n.proxy.password ?? decodeURIComponent(url.password)
  url.username = ''
  url.password = ''
  const token = username ? `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` : undefined
  return { uri: url.href, token }
}

function build(n: ResolvedNetwork | undefined, onSecret: (value: string, label: string) => void, sockets: SocketObservation): PoolEntry {
  const trust = buildTrustStore(n)
  const cert = clientCertOptions(n)
  const tls: ConnectionOptions = { ...cert.tls }
  if (trust.ca) tls.ca = trust.ca
  if (n?.clientCert?.passphrase) onSecret(n.clientCert.passphrase, 'client_cert_passphrase')
  if (n?.clientCert?.kind === 'pem') onSecret(n.clientCert.key, 'client_key')
  const connect = sockets.connector({ tls: tls as never })
  const mode = n?.proxy.mode ?? 'env'
  if (mode !== 'none') {
    for (const name of ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY']) {
      const value = process.env[name]
      if (value && URL.canParse(value) && new URL(value).password) onSecret(decodeURIComponent(new URL(value).password), 'proxy_password')
    }
  }
  const variables = mode === 'env' ? readProxyVariables() : undefined
  let dispatcher: Dispatcher
  if (mode === 'none' || (variables && !variables.http && !variables.https)) {
    // No proxy at all: EnvHttpProxyAgent would send everything through its plain Agent anyway (it reads the proxy
    // variables once, when built), after a URL parse and a NO_PROXY read per request; this Agent skips those.
    dispatcher = new Agent({ keepAliveTimeout: KEEP_ALIVE_MS, connect })
  } else {
    // requestTls: TLS to the server through the tunnel; proxyTls: TLS to an https:// proxy itself.
    // clientFactory: the client that talks to the proxy marks its failures as the proxy's hop (proxy-hop.ts).
    const common = { keepAliveTimeout: KEEP_ALIVE_MS, connect, requestTls: tls, proxyTls: trust.ca ? { ca: trust.ca } : {} }
    if (mode === 'url' && n) {
      const { uri, token } = proxyToken(n)
      if (n.proxy.password) onSecret(n.proxy.password, 'proxy_password')
      if (token) onSecret(token.slice('Basic '.length), 'proxy_authorization')
      const clientFactory = proxyHopClientFactory(displayProxy(uri))
      dispatcher = new (envHttpProxyAgent())({
        ...common,
        clientFactory,
        httpProxy: uri,
        httpsProxy: uri,
        noProxy: n.proxy.noProxy ?? '',
        token,
      } as never)
    } else {
      dispatcher = new (envHttpProxyAgent())({ ...common, clientFactory: envProxyClientFactory() } as never)
    }
  }
  return { dispatcher, trust, clientCertificate: cert.label, variables }
}

/** For HTTP_PROXY / HTTPS_PROXY: the factory is called with the proxy's own URL, so each names its own proxy. */
function envProxyClientFactory() {
  return (origin: URL | string, options: object) => proxyHopClientFactory(displayProxy(String(origin)))(origin, options)
}

/**
 * One undici dispatcher per distinct network setting (CA files, system store, proxy, client certificate), built on
 * first use and kept: environments with the same settings share connections. The default one (no settings) honours
 * HTTPS_PROXY, HTTP_PROXY and NO_PROXY through undici's EnvHttpProxyAgent and Node's CA store with NODE_EXTRA_CA_CERTS.
 */
export class DispatcherPool {
  private readonly entries = new Map<string, PoolEntry>()
  /** Matches this pool's requests to their exchanges and sockets to their connection timings (socket-timings.ts). */
  readonly sockets = new SocketObservation()

  constructor(private readonly onSecret: (value: string, label: string) => void = () => {}) {}

  /** The route for a request to `url` with these settings; throws ConsoleError when a file of the settings is unusable. */
  route(url: URL, network: ResolvedNetwork | undefined): NetworkRoute {
    const entry = this.entry(network)
    return {
      dispatcher: entry.dispatcher,
      proxy: chooseProxy(url, network, entry.variables),
      trust: entry.trust,
      clientCertificate: entry.clientCertificate,
    }
  }

  /**
   * The dispatcher for settings alone: fetch calls that are not logged exchanges (the headless authorize), and each
   * request the capture forwards (it names no proxy, so none is chosen per request). Settings changed on disk (a CA
   * file's mtime) still give a new dispatcher, as `route` does.
   */
  dispatcherFor(network: ResolvedNetwork | undefined): Dispatcher {
    return this.entry(network).dispatcher
  }

  private entry(network: ResolvedNetwork | undefined): PoolEntry {
    const key = cacheKey(network)
    let entry = this.entries.get(key)
    if (!entry) {
      entry = build(network, this.onSecret, this.sockets)
      this.entries.set(key, entry)
    }
    return entry
  }

  /** Closes every dispatcher (runtime shutdown). */
  async close(): Promise<void> {
    const all = [...this.entries.values()]
    this.entries.clear()
    await Promise.all(all.map(e => e.dispatcher.destroy().catch(() => undefined)))
    this.sockets.close()
  }
}
