import type {
  EnvironmentDetail,
  NetworkSecretsChange,
  NetworkSettings,
  ProxyMode,
  TokenBodyFormat,
  ValidationIssue,
} from '../../../../shared/contract'

/** The network and standard-OAuth part of the environment form, every field as typed. */
export interface NetworkFormValues {
  /** One CA file path per line. */
  caFiles: string
  systemCa: boolean
  proxyMode: ProxyMode
  proxyUrl: string
  proxyUsername: string
  noProxy: string
  clientCertKind: '' | 'pem' | 'pkcs12'
  clientCertFile: string
  tokenBody: TokenBodyFormat
  /** One `name=value` per line. */
  authorizeParams: string
  /** New secrets; '' keeps the stored one. Write-only, like the client secret. */
  proxyPassword: string
  clientKey: string
  clientCertPassphrase: string
}

/** Blank network settings: Node's CA store, the *_PROXY variables, no client certificate, the spec's JSON bodies. */
export function blankNetworkForm(): NetworkFormValues {
  return {
    caFiles: '',
    systemCa: false,
    proxyMode: 'env',
    proxyUrl: '',
    proxyUsername: '',
    noProxy: '',
    clientCertKind: '',
    clientCertFile: '',
    tokenBody: 'json',
    authorizeParams: '',
    proxyPassword: '',
    clientKey: '',
    clientCertPassphrase: '',
  }
}

/** The form filled from an environment (secrets never filled in). */
export function networkFormOf(env: EnvironmentDetail): NetworkFormValues {
  const n = env.network
  return {
    ...blankNetworkForm(),
    caFiles: (n.caFiles ?? []).join('\n'),
    systemCa: n.systemCa ?? false,
    proxyMode: n.proxyMode ?? 'env',
    proxyUrl: n.proxyUrl ?? '',
    proxyUsername: n.proxyUsername ?? '',
    noProxy: n.noProxy ?? '',
    clientCertKind: n.clientCertKind ?? '',
    clientCertFile: n.clientCertFile ?? '',
    tokenBody: env.tokenBody,
    authorizeParams: Object.entries(env.authorizeParams)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
  }
}

function lines(text: string): string[] {
  return text
    .split('\n')
    .map(l => l.trim())
    .filter(Boolean)
}

/** The `authorizeParams` lines as a record, with the lines that are not `name=value`. */
export function parseParams(text: string): { params: Record<string, string>; issues: ValidationIssue[] } {
  const params: Record<string, string> = {}
  const issues: ValidationIssue[] = []
  for (const line of lines(text)) {
    const eq = line.indexOf('=')
    if (eq <= 0) issues.push({ path: 'authorizeParams', message: `"${line}" is not K=V.` })
    else params[line.slice(0, eq).trim()] = line.slice(eq + 1).trim()
  }
  return { params, issues }
}

/** The settings the engine receives for this part (absent fields = defaults). */
export function networkSettingsOf(v: NetworkFormValues): {
  network: NetworkSettings
  tokenBody: TokenBodyFormat
  authorizeParams: Record<string, string>
} {
  const network: NetworkSettings = {}
  const ca = lines(v.caFiles)
  if (ca.length) network.caFiles = ca
  if (v.systemCa) network.systemCa = true
  if (v.proxyMode !== 'env') network.proxyMode = v.proxyMode
  if (v.proxyMode === 'url') {
    network.proxyUrl = v.proxyUrl.trim()
    if (v.proxyUsername) network.proxyUsername = v.proxyUsername
    if (v.noProxy.trim()) network.noProxy = v.noProxy.trim()
  }
  if (v.clientCertKind) {
    network.clientCertKind = v.clientCertKind
    network.clientCertFile = v.clientCertFile.trim()
  }
  return { network, tokenBody: v.tokenBody, authorizeParams: parseParams(v.authorizeParams).params }
}

/** The secrets typed (only those typed: the stored ones stay). */
export function networkSecretsOf(v: NetworkFormValues): NetworkSecretsChange | undefined {
  const change: NetworkSecretsChange = {}
  if (v.proxyPassword) change.proxyPassword = v.proxyPassword
  if (v.clientKey) change.clientKey = v.clientKey
  if (v.clientCertPassphrase) change.clientCertPassphrase = v.clientCertPassphrase
  return Object.keys(change).length ? change : undefined
}
