import { ConsoleError } from '../core/console-error'
import { describeProxyHop } from './proxy-errors'
import { proxyHopOf } from './proxy-hop'
import { describeTlsError, rootCause } from './tls-errors'

/**
 * Turns an undici/Node error into a ConsoleError a user can act on, naming the hop that failed: the proxy (its address,
 * its TLS, its answer to CONNECT; see proxy-errors.ts), or the server (refused, not found, reset, TLS to which host,
 * timeout, "through the proxy P" when one carried it), why it probably did, and what to check. `details.hop` says
 * which ('proxy' | 'server'). Never includes a stack.
 */
export function describeNetworkError(
  error: Error,
  context: {
    url: URL
    timeoutMs: number
    reason?: 'cancelled' | 'timeout'
    afterHeaders?: boolean
    /** The proxy the request went through (no credentials), when one did. */
    proxy?: string | null
    clientCertificate?: string | null
  },
): ConsoleError {
  const { url } = context
  if (context.reason === 'cancelled') return new ConsoleError('cancelled', 'The request was cancelled.')
  const hop = proxyHopOf(error)
  if (hop) return describeProxyHop(hop, url.host)
  const described = describeServerError(error, context)
  const details = {
    ...(described.details as object | undefined),
    hop: 'server',
    host: url.host,
    ...(context.proxy ? { proxy: context.proxy } : {}),
  }
  return new ConsoleError(described.code, described.message, { hint: described.hint, details })
}

function describeServerError(error: Error, context: Parameters<typeof describeNetworkError>[1]): ConsoleError {
  const { url } = context
  const cause = rootCause(error)
  error = cause
  const code = String(cause.code ?? '')
  const via = context.proxy ? ` (reached through the proxy ${context.proxy})` : ''
  const where = `${url.host}${via}`
  const tls = describeTlsError(code, error.message, { host: url.host, proxy: context.proxy, clientCertificate: context.clientCertificate })
  if (tls) return tls
  if (context.reason === 'timeout' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new ConsoleError('timeout', `No complete answer from ${where} within ${context.timeoutMs} ms.`, {
      hint: 'The server may be slow or not answering; raise the timeout or check that the URL is right.',
    })
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') {
    return new ConsoleError('timeout', `Connecting to ${where} timed out.`, {
      hint: 'Check the host and port, a firewall, or whether a VPN or proxy is needed.',
    })
  }
  if (code === 'ECONNREFUSED') {
    return new ConsoleError('network', `${where} refused the connection: nothing is listening there.`, {
      hint: 'Check the environment’s URL and port, and that the server (or the sandbox) is running.',
    })
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new ConsoleError('network', `The host name ${url.hostname} could not be resolved (DNS ${code})${via}.`, {
      hint: 'Check the spelling of the URL and your network connection.',
    })
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE' || code === 'UND_ERR_CLOSED') {
    // Over TLS 1.3 a server that requires a client certificate closes the connection right after the handshake,
    // before any answer: the client sees only "closed". Say so, since that is the common cause there.
    const mtls =
      url.protocol === 'https:' && !context.afterHeaders
        ? context.clientCertificate
          ? ` If the server requires a client certificate (mutual TLS), it may have refused the one sent (${context.clientCertificate}).`
          : ' If the server requires a client certificate (mutual TLS), this is how it refuses a connection without one: set it in the environment’s network settings (PEM pair or PKCS#12).'
        : ''
    return new ConsoleError(
      'network',
      context.afterHeaders
        ? `${where} closed the connection before the response body was complete.`
        : `${where} closed the connection without answering.`,
      { hint: `The server crashed, restarted or dropped the request; try again, and look at its logs if it repeats.${mtls}` },
    )
  }
  if (
    code === 'UND_ERR_INVALID_ARG' ||
    code === 'ERR_INVALID_ARG_TYPE' ||
    code === 'ERR_INVALID_CHAR' ||
    code === 'ERR_INVALID_HTTP_TOKEN'
  ) {
    return new ConsoleError('invalid_request', `The request could not be sent: ${error.message}.`, {
      hint: 'Check the method, header names and header values for characters HTTP does not allow.',
    })
  }
  return new ConsoleError('network', `The request to ${where} failed: ${error.message}${code ? ` (${code})` : ''}.`, {
    hint: 'Check the URL and your connection; the network log has the details of what was sent.',
  })
}
