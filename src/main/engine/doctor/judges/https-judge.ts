import type { ExchangeFacts } from '../exchange-facts'
import type { Judge, Tallies } from '../judge'

/**
 * 1 and 5.1: HTTPS only, except to loopback (a local sandbox, a loopback redirect catcher), which never leaves the
 * machine. Judges the URL each request went to and every redirect_uri it sends.
 */
export class HttpsJudge implements Judge {
  /** The last plain-HTTP origin parsed ("http://host:port/" as URL serializes it): a capture sends to one or two. */
  private lastOrigin: { prefix: string; host: string; loopback: boolean } | null = null

  observe(f: ExchangeFacts, t: Tallies): void {
    if (f.endpoint === 'operator') return
    const tally = t['requests.https']
    // Only plain-HTTP URLs need parsing (most traffic is https, or loopback through the capture).
    const url = f.x.request.url
    const target = isPlainHttp(url) ? this.origin(url) : null
    if (target && !target.loopback) {
      tally.fail(
        f.logId,
        `${f.method} ${target.host}${f.x.request.path} went over plain HTTP. Use https:// for every host but loopback (5.1).`,
      )
      return
    }
    const redirect = (mayNameRedirectUri(f.x.request.query) ? f.query.get('redirect_uri') : null) ?? f.tokenRequest?.redirectUri ?? null
    const uri = redirect === null ? null : parse(redirect)
    if (uri && uri.protocol === 'http:' && !isLoopbackHost(uri.hostname)) {
      tally.fail(
        f.logId,
        `redirect_uri ${JSON.stringify(redirect)} is plain HTTP on a non-loopback host. Register and send an https:// callback (5.1).`,
      )
      return
    }
    tally.pass(f.logId)
  }

  /**
   * The host of a plain-HTTP URL and whether it is loopback. A URL that starts with the serialized origin of the last
   * one parsed has the same authority (it ends at that "/"), so it is not parsed again.
   */
  private origin(url: string): { host: string; loopback: boolean } | null {
    if (this.lastOrigin && url.startsWith(this.lastOrigin.prefix)) return this.lastOrigin
    const parsed = parse(url)
    if (!parsed) return null
    const origin = { prefix: `${parsed.protocol}//${parsed.host}/`, host: parsed.host, loopback: isLoopbackHost(parsed.hostname) }
    if (parsed.username === '' && parsed.password === '') this.lastOrigin = origin
    return origin
  }
}

/** Whether the URL starts with `http:` in any case, as /^http:/i tests it, read by character (no expression run). */
function isPlainHttp(url: string): boolean {
  return (
    url.length > 4 &&
    url.charCodeAt(4) === 58 &&
    (url.charCodeAt(0) | 32) === 104 &&
    (url.charCodeAt(1) | 32) === 116 &&
    (url.charCodeAt(2) | 32) === 116 &&
    (url.charCodeAt(3) | 32) === 112
  )
}

/**
 * Whether a raw query can carry `redirect_uri` as URLSearchParams reads it: the name as written, or escaped (`%5F`).
 * Most queries (an export's dates) cannot, and are then not read into a query object at all.
 */
function mayNameRedirectUri(query: string): boolean {
  return query.includes('redirect_uri') || query.includes('%')
}

/** 127.0.0.0/8, ::1, localhost and *.localhost: hosts that never leave the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)
}

function parse(url: string): URL | null {
  try {
    return new URL(url)
  } catch {
    return null
  }
}
