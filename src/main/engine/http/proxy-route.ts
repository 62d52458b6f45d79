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

/** HTTP_PROXY and HTTPS_PROXY as undici's EnvHttpProxyAgent reads them (lower case first), when it is built. */
export interface ProxyVariables {
  http: string | undefined
  https: string | undefined
}

/** Reads the proxy variables now. */
export function readProxyVariables(): ProxyVariables {
  return {
    http: process.env.http_proxy ?? process.env.HTTP_PROXY,
    https: process.env.https_proxy ?? process.env.HTTPS_PROXY,
  }
}

function envProxy(protocol: string, vars: ProxyVariables): { url: string; source: 'HTTPS_PROXY' | 'HTTP_PROXY' } | null {
  if (protocol === 'https:' && vars.https) return { url: vars.https, source: 'HTTPS_PROXY' }
  if (vars.http) return { url: vars.http, source: 'HTTP_PROXY' }
  return null
}

/** The NO_PROXY entry that exempts host:port, following undici's EnvHttpProxyAgent rules exactly; null when none. */
function noProxyMatch(noProxy: string, hostname: string, port: number): string | null {
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

/**
 * Decides the proxy for `url` as the dispatcher will: the environment's proxy, the *_PROXY variables, or none. `vars`
 * are the variables the dispatcher was built with (it reads them once; NO_PROXY it reads on every request, as here).
 */
export function chooseProxy(url: URL, network: ResolvedNetwork | undefined, vars?: ProxyVariables): ProxyChoice {
  const mode = network?.proxy.mode ?? 'env'
  if (mode === 'none') return { proxy: null, source: null }
  const configured =
    mode === 'url' && network?.proxy.url
      ? { url: network.proxy.url, source: 'environment' as const }
      : mode === 'env'
        ? envProxy(url.protocol, vars ?? readProxyVariables())
        : null
  if (!configured) return { proxy: null, source: null }
  const noProxy = mode === 'url' ? (network?.proxy.noProxy ?? '') : (process.env.no_proxy ?? process.env.NO_PROXY ?? '')
  const hostname = url.host.replace(/:\d*$/, '').toLowerCase()
  const port = Number.parseInt(url.port, 10) || DEFAULT_PORTS[url.protocol] || 0
  const match = noProxyMatch(noProxy, hostname, port)
  if (match) return { proxy: null, source: null, bypass: `direct: ${url.host} matches NO_PROXY entry "${match}"` }
  return { proxy: displayProxy(configured.url), source: configured.source }
}
