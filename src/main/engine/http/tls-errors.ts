import { ConsoleError } from '../core/console-error'

/** The deepest error with a `code` in an error's `cause` chain (fetch's `fetch failed` hides the real one there). */
export function rootCause(error: unknown): Error & { code?: string } {
  let current = error as (Error & { code?: string; cause?: unknown; errors?: unknown[] }) | undefined
  let withCode: (Error & { code?: string }) | undefined
  let deepest = current as Error & { code?: string }
  for (let depth = 0; current && depth < 8; depth++) {
    if (current.code) withCode = current
    deepest = current
    const next = current.cause ?? (Array.isArray(current.errors) ? current.errors[0] : undefined)
    if (!next || typeof next !== 'object') break
    current = next as typeof current
  }
  return withCode ?? deepest
}

const UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
])

/** Where the request went, for the wording: the host, and the proxy when one carried it. */
interface TlsErrorContext {
  host: string
  proxy?: string | null
  /** The client certificate configured for the environment, if any. */
  clientCertificate?: string | null
}

/**
 * Names a TLS failure's cause and its fix: an untrusted chain (the environment's CA files, NODE_EXTRA_CA_CERTS, --ca,
 * and the TLS-inspecting proxy case), a host-name mismatch, an expired or not-yet-valid certificate, plain HTTP on a
 * TLS port, and a refused client certificate. Null when `code`/`message` are not a TLS failure.
 */
export function describeTlsError(code: string, message: string, ctx: TlsErrorContext): ConsoleError | null {
  const via = ctx.proxy ? ` (through the proxy ${ctx.proxy})` : ''
  if (UNTRUSTED.has(code)) {
    const selfSigned =
      code === 'DEPTH_ZERO_SELF_SIGNED_CERT'
        ? 'is self-signed'
        : code === 'SELF_SIGNED_CERT_IN_CHAIN'
          ? 'chains to a self-signed CA'
          : 'is signed by a CA'
    return new ConsoleError(
      'network',
      `The certificate of ${ctx.host}${via} ${selfSigned} that this console does not trust (untrusted chain, ${code}).`,
      {
        hint:
          `Add the CA's certificate (PEM) to the environment's network settings → CA files, or start the console with NODE_EXTRA_CA_CERTS=/path/to/ca.pem; from the CLI, --ca /path/to/ca.pem. ` +
          (ctx.proxy
            ? 'Behind a TLS-inspecting proxy, that is the proxy’s CA (ask your IT for it).'
            : 'For the sandbox started with --tls, that is the CA file it prints.'),
        details: { tls: 'untrusted', code },
      },
    )
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH' || /does not match certificate's altnames/i.test(message)) {
    const reason = message.replace(/^Hostname\/IP does not match certificate's altnames:\s*/i, '')
    return new ConsoleError(
      'network',
      `Host-name mismatch: the certificate ${ctx.host}${via} presented is not valid for that name (${reason}).`,
      {
        hint: 'Use the host name the certificate is issued for in the environment’s URL (for example localhost instead of 127.0.0.1), or have the server’s certificate reissued to cover this name.',
        details: { tls: 'hostname-mismatch', code },
      },
    )
  }
  if (code === 'CERT_HAS_EXPIRED') {
    return new ConsoleError('network', `The certificate of ${ctx.host}${via} has expired (${code}).`, {
      hint: 'The server must renew its certificate. If it looks recent, check this computer’s date and time.',
      details: { tls: 'expired', code },
    })
  }
  if (code === 'CERT_NOT_YET_VALID') {
    return new ConsoleError('network', `The certificate of ${ctx.host}${via} is not valid yet (${code}).`, {
      hint: 'Check this computer’s date and time; otherwise the server installed a certificate dated in the future.',
      details: { tls: 'not-yet-valid', code },
    })
  }
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || /wrong version number|packet length too long/i.test(message)) {
    return new ConsoleError(
      'network',
      `${ctx.host}${via} did not answer with TLS: it probably speaks plain HTTP on that port (${code || 'EPROTO'}).`,
      {
        hint: 'Use http:// for this address, or the port where the server serves HTTPS.',
        details: { tls: 'not-tls', code },
      },
    )
  }
  if (/CERTIFICATE_REQUIRED|BAD_CERTIFICATE|UNKNOWN_CA|ALERT_HANDSHAKE_FAILURE|CERTIFICATE_UNKNOWN/i.test(code)) {
    const had = ctx.clientCertificate
      ? `the client certificate sent (${ctx.clientCertificate}) was refused`
      : 'no client certificate was sent'
    return new ConsoleError('network', `${ctx.host}${via} ended the TLS handshake: ${had} (${code}).`, {
      hint: ctx.clientCertificate
        ? 'The server does not accept that certificate: check it is the one issued for this client, not expired, and that its key matches.'
        : 'The server may require mutual TLS: set a client certificate (PEM pair or PKCS#12) in the environment’s network settings.',
      details: { tls: 'client-certificate', code },
    })
  }
  if (/^(ERR_TLS_|ERR_SSL_|CERT_)/.test(code)) {
    return new ConsoleError('network', `The TLS connection to ${ctx.host}${via} failed: ${message} (${code}).`, {
      hint: 'Check the URL and the certificate the server sends (the network log has the details).',
      details: { tls: 'other', code },
    })
  }
  return null
}
