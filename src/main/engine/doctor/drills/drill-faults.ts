import type { CapturedDrill, InterceptDecision } from '../../capture/captured-exchange'

/** The 2.6 error body the drills answer with, so a client parses it like the server's own. */
function errorBody(status: number, message: string): string {
  return JSON.stringify({ status, timestamp: new Date().toISOString(), message, details: [] })
}

/** A 401 invalid_token, as a server answers an expired access token (when the upstream's clock cannot be moved). */
export function expiredTokenAnswer(drill: CapturedDrill): InterceptDecision {
  return {
    kind: 'respond',
    drill,
    status: 401,
    headers: [
      ['content-type', 'application/json'],
      ['www-authenticate', 'Bearer error="invalid_token", error_description="The access token expired"'],
    ],
    body: errorBody(401, 'Access token expired; use the refresh_token grant (doctor drill).'),
  }
}

/** A 429 as section 7 describes it, with or without Retry-After. */
export function tooManyAnswer(drill: CapturedDrill, retryAfterSeconds: number | null): InterceptDecision {
  const headers: Array<[string, string]> = [
    ['content-type', 'application/json'],
    ['x-ratelimit-limit', '100'],
    ['x-ratelimit-remaining', '0'],
  ]
  if (retryAfterSeconds !== null) headers.push(['retry-after', String(retryAfterSeconds)])
  return { kind: 'respond', drill, status: 429, headers, body: errorBody(429, 'Rate limit exceeded (doctor drill).') }
}

export function unavailableAnswer(drill: CapturedDrill): InterceptDecision {
  return {
    kind: 'respond',
    drill,
    status: 503,
    headers: [['content-type', 'application/json']],
    body: errorBody(503, 'Service unavailable (doctor drill).'),
  }
}

/** Forwards, then moves the answer's Date by `offsetSeconds`. */
export function skewedDateAnswer(drill: CapturedDrill, offsetSeconds: number): InterceptDecision {
  return {
    kind: 'alter',
    drill,
    rewriteHeaders: headers =>
      headers.map(([name, value]): [string, string] => {
        if (name.toLowerCase() !== 'date') return [name, value]
        const at = Date.parse(value)
        return [name, new Date((Number.isNaN(at) ? Date.now() : at) + offsetSeconds * 1000).toUTCString()]
      }),
  }
}
