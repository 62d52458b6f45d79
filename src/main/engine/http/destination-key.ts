const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 }

/**
 * Where a URL's request lands, as one comparable string `host:port`: host lower-cased without trailing dots, IPv4 in
 * IPv6 (::ffff:a.b.c.d) as IPv4, every loopback name and address (localhost, *.localhost, 127.0.0.0/8, ::1) as
 * `loopback`, and the port explicit (80/443 when the URL leaves it out). The WHATWG parser has already turned
 * decimal, octal and hex IPv4 forms and IDNA names into their canonical text. Two URLs with the same key reach the
 * same server socket, whatever their spelling; null for a URL that is not http(s) or has no host.
 */
export function destinationKey(url: URL | string): string | null {
  let u: URL
  try {
    u = typeof url === 'string' ? new URL(url) : url
  } catch {
    return null
  }
  const port = Number.parseInt(u.port, 10) || DEFAULT_PORTS[u.protocol]
  if (!port || !u.hostname) return null
  return `${canonicalHost(u.hostname)}:${port}`
}

function canonicalHost(hostname: string): string {
  let host = hostname.toLowerCase().replace(/\.+$/, '')
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1)
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host)
  if (mapped) {
    const hi = Number.parseInt(mapped[1] as string, 16)
    const lo = Number.parseInt(mapped[2] as string, 16)
    host = `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
  }
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host)
  if (dotted) host = dotted[1] as string
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)) return 'loopback'
  return host
}
