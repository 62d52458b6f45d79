import type { CaptureVariable } from '../../../shared/contract'

/**
 * What the partner's process must be given, per mode and runtime, to go through the capture: in gateway mode the two
 * URLs; in proxy mode the proxy for every runtime (both cases of the names, NO_PROXY emptied so that loopback and the
 * environment's hosts are not bypassed) and the capture CA for each trust store (Node adds it to its own; Python and
 * curl replace theirs, so they get a bundle of the capture CA and the system CAs). Also the lines for runtimes that
 * read no variable (Java, .NET, Go). The PARTNER_* URLs are the convention of the `-- COMMAND` runs and test
 * integrations.
 */
export function captureVariables(
  mode: 'gateway' | 'proxy',
  where: {
    authUrl: string
    baseUrl: string
    proxyUrl?: string
    caFile?: string
    bundleFile?: string
  },
): { variables: CaptureVariable[]; notes: string[] } {
  const variables: CaptureVariable[] = [
    { name: 'PARTNER_AUTH_URL', value: where.authUrl, runtime: 'partner' },
    { name: 'PARTNER_BASE_URL', value: where.baseUrl, runtime: 'partner' },
  ]
  if (mode === 'gateway' || !where.proxyUrl || !where.caFile || !where.bundleFile) return { variables, notes: [] }
  const proxy = where.proxyUrl
  variables.push(
    { name: 'HTTPS_PROXY', value: proxy, runtime: 'all' },
    { name: 'HTTP_PROXY', value: proxy, runtime: 'all' },
    { name: 'https_proxy', value: proxy, runtime: 'all' },
    { name: 'http_proxy', value: proxy, runtime: 'all' },
    { name: 'NO_PROXY', value: '', runtime: 'all' },
    { name: 'no_proxy', value: '', runtime: 'all' },
    { name: 'NODE_USE_ENV_PROXY', value: '1', runtime: 'node' },
    { name: 'NODE_EXTRA_CA_CERTS', value: where.caFile, runtime: 'node' },
    { name: 'REQUESTS_CA_BUNDLE', value: where.bundleFile, runtime: 'python' },
    { name: 'SSL_CERT_FILE', value: where.bundleFile, runtime: 'python' },
    { name: 'CURL_CA_BUNDLE', value: where.bundleFile, runtime: 'curl' },
  )
  const { hostname, port } = new URL(proxy)
  const store = where.caFile.replace(/\.pem$/, '.jks')
  const notes = [
    `Java: keytool -importcert -noprompt -alias partner-console-capture -file ${where.caFile} -keystore ${store} -storepass changeit`,
    `Java: java -Djavax.net.ssl.trustStore=${store} -Djavax.net.ssl.trustStorePassword=changeit -Dhttp.proxyHost=${hostname} -Dhttp.proxyPort=${port} -Dhttps.proxyHost=${hostname} -Dhttps.proxyPort=${port} -Dhttp.nonProxyHosts= ... (HttpClient: or .proxy(ProxySelector.of(new InetSocketAddress("${hostname}", ${port}))))`,
    `.NET: HttpClient reads HTTPS_PROXY/HTTP_PROXY; trust the CA with SSL_CERT_FILE=${where.bundleFile} on Linux, or import ${where.caFile} into the user's Root store on Windows (certutil -user -addstore Root).`,
    `Go: net/http reads HTTPS_PROXY/HTTP_PROXY (not for localhost targets: use gateway mode there) and SSL_CERT_FILE=${where.bundleFile}.`,
  ]
  return { variables, notes }
}
