import { timingSafeEqual } from 'node:crypto'

/**
 * The web host's checks on every request, kept pure so both sides of each check are unit-tested:
 * the Host header must name this loopback host and port (a DNS-rebinding page sends its own host name), the Origin of a
 * socket must be this very origin (a foreign page can open a WebSocket to 127.0.0.1), and the session token must match.
 */
export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]
}

export function isAllowedHost(hostHeader: string | undefined, port: number): boolean {
  if (!hostHeader) return false
  return allowedHosts(port).includes(hostHeader.toLowerCase())
}

export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  if (!origin) return false
  return allowedHosts(port).some(h => origin.toLowerCase() === `http://${h}`)
}

/** Constant-time comparison of a presented token with the session token. */
export function tokenMatches(presented: string | undefined | null, token: string): boolean {
  if (!presented) return false
  const a = Buffer.from(presented)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function sessionCookieName(port: number): string {
  return `pc_session_${port}`
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim())
  }
  return undefined
}
