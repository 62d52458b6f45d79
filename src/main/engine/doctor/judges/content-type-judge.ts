import { type ExchangeFacts, parseJsonObject } from '../exchange-facts'
import type { Judge, JudgeScope, Tallies } from '../judge'

/** A body that opens like a JSON object or array. */
const JSON_START = /^\s*[[{]/

/**
 * 4.2, 4.3, 4.5: request bodies are JSON sent with `Content-Type: application/json`. A JSON body labelled otherwise
 * fails; a form-encoded token request is a warning (RFC 6749 clients send it, and some servers accept it, but the
 * spec asks for JSON); an install body that is not JSON fails.
 */
export class ContentTypeJudge implements Judge {
  readonly scope: JudgeScope = { endpoints: ['token', 'locations', 'installations', 'api-locations', 'export', 'other'] }
  observe(f: ExchangeFacts, t: Tallies): void {
    if (f.x.request.body.size === 0 || f.endpoint === 'operator' || f.endpoint === 'authorize') return
    const tally = t['requests.json-content-type']
    const type = f.requestContentType
    const isJsonType = type === 'application/json' || type.endsWith('+json')
    const text = f.bodyText
    const looksJson = JSON_START.test(text) && (f.x.request.body.truncated || parseJsonValue(text))
    const label = type === '' ? 'no Content-Type' : `Content-Type: ${type}`
    if (looksJson && !isJsonType) {
      tally.fail(f.logId, `${f.method} ${f.x.request.path} sent a JSON body with ${label}. Send Content-Type: application/json.`)
    } else if (!looksJson && f.endpoint === 'token' && type === 'application/x-www-form-urlencoded') {
      tally.warn(
        f.logId,
        'The token request is form-encoded. The spec asks for a JSON body with Content-Type: application/json (4.2, 4.3); a server that follows it to the letter refuses forms.',
      )
    } else if (!looksJson && (f.endpoint === 'installations' || f.endpoint === 'token')) {
      tally.fail(
        f.logId,
        `${f.method} ${f.x.request.path} sent a body that is not JSON (${label}). Send a JSON object with Content-Type: application/json.`,
      )
    } else if (looksJson) tally.pass(f.logId)
  }
}

function parseJsonValue(text: string): boolean {
  if (parseJsonObject(text) !== null) return true
  try {
    return Array.isArray(JSON.parse(text))
  } catch {
    return false
  }
}
