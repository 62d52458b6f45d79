import type { ResolvedNetwork } from '../core/ports'

/** Which proxy a request to a URL goes through, and why: what the exchange detail, the HAR and errors name. */
export interface ProxyChoice {
  /** The proxy's origin without credentials (`http://proxy.corp:3128`), or null for a direct connection. */
  proxy: string | null
  /** Where the proxy came from. */
  source: 'environment' | 'HTTPS_PROXY' | 'HTTP_PROXY' | null
  /** Why the request goes direct when a proxy is configured (NO_PROXY match), for the explainer. */
  bypass?: string
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 }

/** The proxy's address for display: scheme, host and port, never the credentials. */
export function displayProxy(url: string): string {
  try {
    const u = new URL(url)
    return `${u.protocol}//${u.host}`
  } catch {
    return '(unparsable proxy URL)'
  }
}

function envProxy(protocol: string): { url: string; source: 'HTTPS_PROXY' | 'HTTP_PROXY' } | null {
  const http = process.env.http_proxy ?? process.env.HTTP_PROXY
  const https = process.env.https_proxy ?? process.env.HTTPS_PROXY
  if (protocol === 'https:' && https) return { url: https, source: 'HTTPS_PROXY' }
  if (http) return { url: http, source: 'HTTP_PROXY' }
  return null
}

/** The NO_PROXY entry that exempts host:port, following undici's EnvHttpProxyAgent rules exactly; null when none. */
export function noProxyMatch(noProxy: string, hostname: string, port: number): string | null {
  if (noProxy.trim() === '*') return '*'
  for (const raw of noProxy.split(/[,\s]/)) {
    if (!raw) continue
    const parsed = raw.match(/^(.+):(\d+)$/)
    const host = (parsed ? (parsed[1] as string) : raw).replace(/^\*?\./, '').toLowerCase()
    const entryPort = parsed ? Number.parseInt(parsed[2] as string, 10) : 0
    if (entryPort && entryPort !== port) continue
    if (hostname === host || hostname.endsWith(`.${host}`)) return raw
  }
  return null
}

/** Decides the proxy for `url` as the dispatcher will: the environment's proxy, the *_PROXY variables, or none. */
export function chooseProxy(url: URL, network: ResolvedNetwork | undefined): ProxyChoice {
  const mode = network?.proxy.mode ?? 'env'
  if (mode === 'none') return { proxy: null, source: null }
  const configured =
    mode === 'url' && network?.proxy.url
      ? { url: network.proxy.url, source: 'environment' as const }
      : mode === 'env'
        ? envProxy(url.protocol)
        : null
  if (!configured) return { proxy: null, source: null }
  const noProxy = mode === 'url' ? (network?.proxy.noProxy ?? '') : (process.env.no_proxy ?? process.env.NO_PROXY ?? '')
  const hostname = url.host.replace(/:\d*$/, '').toLowerCase()
  const port = Number.parseInt(url.port, 10) || DEFAULT_PORTS[url.protocol] || 0
  const match = noProxyMatch(noProxy, hostname, port)
  if (match) return { proxy: null, source: null, bypass: `direct: ${url.host} matches NO_PROXY entry "${match}"` }
  return { proxy: displayProxy(configured.url), source: configured.source }
}
