import { ConsoleError } from '../core/console-error'
import type { ProxyHopError } from './proxy-hop'
import { describeTlsError, rootCause } from './tls-errors'

const WHERE_SET = 'the environment’s proxy settings (or --proxy, HTTPS_PROXY / HTTP_PROXY)'

/**
 * Says that the hop to the proxy failed, naming the proxy and what to do there: refused, unknown, timed out or closed
 * (the proxy's address), TLS to an https:// proxy (the proxy's certificate), 407 (credentials missing, wrong, or a
 * scheme other than Basic), 403 (the destination forbidden), 502/503/504 (the proxy could not reach the server), any
 * other status. `host` is the server the request was for, which was not reached.
 */
export function describeProxyHop(hop: ProxyHopError, host: string): ConsoleError {
  const proxy = hop.proxy
  const base = { hop: 'proxy', proxy }
  if (hop.failure.kind === 'status') return describeProxyStatus(hop, host)
  const cause = rootCause(hop.failure.cause)
  const code = String(cause.code ?? '')
  const proxyHost = hostOf(proxy)
  const tls = describeTlsError(code, cause.message, { host: `the proxy ${proxyHost}` })
  if (tls) {
    return new ConsoleError('network', `TLS to the proxy failed, so ${host} was not reached: ${tls.message}`, {
      hint: `The proxy speaks https:// and its own certificate is the problem: add the proxy’s CA (ask your IT) to the CA files or NODE_EXTRA_CA_CERTS, or use http:// for the proxy if it also listens without TLS. Set in ${WHERE_SET}.`,
      details: { ...base, ...(tls.details as object), code },
    })
  }
  const what =
    code === 'ECONNREFUSED'
      ? 'refused the connection (nothing listens there)'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'could not be found (DNS)'
        : code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT'
          ? 'did not answer in time'
          : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE' || code === 'UND_ERR_CLOSED'
            ? 'closed the connection'
            : `could not be reached: ${cause.message}`
  return new ConsoleError('network', `The proxy ${proxy} ${what}${code ? ` (${code})` : ''}, so ${host} was not reached.`, {
    hint: `The proxy is the problem, not ${host}: check the proxy’s address and that it is running, in ${WHERE_SET}; for a host reachable directly, add it to NO_PROXY or set the environment’s proxy to "none".`,
    details: { ...base, code },
  })
}

function describeProxyStatus(hop: ProxyHopError, host: string): ConsoleError {
  const failure = hop.failure as Extract<ProxyHopError['failure'], { kind: 'status' }>
  const { status, authenticate, sentCredentials } = failure
  const details = { hop: 'proxy', proxy: hop.proxy, proxyStatus: status }
  const refused = `The proxy ${hop.proxy} refused to open a tunnel to ${host}`
  if (status === 407) {
    const schemes = authenticate ? authenticate.split(',').map(s => s.trim().split(/\s+/)[0] ?? '') : []
    const basic = schemes.length === 0 || schemes.some(s => s.toLowerCase() === 'basic')
    if (!basic) {
      return new ConsoleError(
        'network',
        `${refused}: it asks for ${schemes.join(' or ')} authentication (407), which this console cannot do.`,
        {
          hint: 'The console authenticates to proxies with Basic only: use a proxy address that accepts Basic, or a local forwarding proxy that handles Negotiate/NTLM for you (cntlm, px), and point --proxy / HTTPS_PROXY at it.',
          details: { ...details, authenticate },
        },
      )
    }
    return sentCredentials
      ? new ConsoleError('network', `${refused}: it rejected the user name and password (407 Proxy Authentication Required).`, {
          hint: `Check the proxy user name and password in ${WHERE_SET}; in a URL, special characters of the password must be percent-encoded.`,
          details,
        })
      : new ConsoleError('network', `${refused}: it asks for credentials (407 Proxy Authentication Required).`, {
          hint: `Set the proxy user name and password in ${WHERE_SET} (the environment keeps the password in the vault).`,
          details,
        })
  }
  if (status === 403) {
    return new ConsoleError('network', `${refused}: it forbids that destination (403).`, {
      hint: 'Ask the proxy’s administrator to allow this host and port, or add it to NO_PROXY if it is reachable directly.',
      details,
    })
  }
  if (status === 502 || status === 503 || status === 504) {
    return new ConsoleError('network', `${refused}: the proxy could not reach it (${status}).`, {
      hint: `The hop from the proxy to ${host} failed: check the host and port in the environment’s URL, and whether the proxy can reach that network.`,
      details,
    })
  }
  return new ConsoleError('network', `${refused}: it answered ${status} instead of opening the tunnel.`, {
    hint: `Check the proxy address in ${WHERE_SET}, and whether this proxy allows CONNECT to this host and port.`,
    details,
  })
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).host
  } catch {
    return origin
  }
}
