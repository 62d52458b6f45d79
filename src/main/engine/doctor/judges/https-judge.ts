import type { ExchangeFacts } from '../exchange-facts'
import type { Judge, Tallies } from '../judge'

/**
 * 1 and 5.1: HTTPS only, except to loopback (a local sandbox, a loopback redirect catcher), which never leaves the
 * machine. Judges the URL each request went to and every redirect_uri it sends.
 */
export class HttpsJudge implements Judge {
  observe(f: ExchangeFacts, t: Tallies): void {
    if (f.endpoint === 'operator') return
    const tally = t['requests.https']
    // Only plain-HTTP URLs need parsing (most traffic is https, or loopback through the capture).
    const target = /^http:/i.test(f.x.request.url) ? parse(f.x.request.url) : null
    if (target && !isLoopbackHost(target.hostname)) {
      tally.fail(
        f.logId,
        `${f.method} ${target.host}${f.x.request.path} went over plain HTTP. Use https:// for every host but loopback (5.1).`,
      )
      return
    }
    const redirect = f.query.get('redirect_uri') ?? f.tokenRequest?.redirectUri ?? null
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
