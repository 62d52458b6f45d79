import { randomBytes, timingSafeEqual } from 'node:crypto'
import { parseCookie } from 'cookie'

/**
 * The web host's checks on every request, kept pure so both sides of each check are unit-tested:
 * the Host header must name this loopback host and port (a DNS-rebinding page sends its own host name), the Origin of a
 * socket must be this very origin (a foreign page can open a WebSocket to 127.0.0.1), and the session token must match.
 */
function allowedHosts(port: number): string[] {
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

/**
 * The session cookie's name for one launch: the port plus random bytes. Cookies ignore ports, so a page on another
 * 127.0.0.1 port can plant cookies here; with a name it cannot guess, a planted cookie is never even looked at.
 */
export function newSessionCookieName(port: number): string {
  return `pc_session_${port}_${randomBytes(9).toString('base64url')}`
}

/**
 * True when ANY cookie named `name` in the header carries the session token. The header is parsed by the jshttp
 * `cookie` package; a value that does not percent-decode is skipped (never thrown), and a cookie of the same name that
 * does not match (planted by another page, sent first because its Path is longer) does not hide the real one.
 */
export function hasSessionCookie(header: string | undefined, name: string, token: string): boolean {
  if (!header) return false
  const cookies = parseCookie(header, {
    decode: raw => {
      const value = decodeCookieValue(raw)
      return value !== undefined && tokenMatches(value, token) ? value : undefined
    },
  })
  return cookies[name] !== undefined
}

function decodeCookieValue(raw: string): string | undefined {
  if (!raw.includes('%')) return raw
  try {
    return decodeURIComponent(raw)
  } catch {
    return undefined
  }
}
