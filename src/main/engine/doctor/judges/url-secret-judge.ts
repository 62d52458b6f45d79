import { type ExchangeFacts, tokenFingerprint } from '../exchange-facts'
import { BoundedMap, type DoctorSettings, type Judge, type Tallies } from '../judge'
import { isPlainQuery } from '../query-params'

const SECRET_NAMES = 'access_token|refresh_token|client_secret|token|id_token|secret|api_key|apikey'
const SECRET_PARAM = new RegExp(`^(${SECRET_NAMES})$`, 'i')
/** The first pair of a plain query named as a credential: a pair starts the query or follows `&`, its name ends at `=`. */
const SECRET_PARAM_IN_QUERY = new RegExp(`(?:^|&)(${SECRET_NAMES})(?=[=&]|$)`, 'i')
/** Query values shorter than this are not fingerprinted (no token is that short). */
const MIN_TOKEN_LENGTH = 16

/**
 * 5.1 and 5.2: tokens and the secret never travel in a URL (they end up in proxy logs and browser history). Fails a
 * request whose query names a credential parameter, contains the client secret, or carries a value that the token
 * endpoint issued in this capture (known by fingerprint only).
 */
export class UrlSecretJudge implements Judge {
  private readonly issued = new BoundedMap<string, true>(1000)

  constructor(private readonly settings: DoctorSettings) {}

  observe(f: ExchangeFacts, t: Tallies): void {
    const issued = f.tokenResponse
    if (issued?.accessFp) this.issued.set(issued.accessFp, true)
    if (issued?.refreshFp) this.issued.set(issued.refreshFp, true)
    if (f.endpoint === 'operator') return
    const tally = t['tokens.no-secret-in-url']
    const { path, query } = f.x.request
    const secret = this.settings.clientSecret
    // decodeURIComponent changes only %XX sequences: a query without % is its own decoding.
    if (secret !== '' && (path.includes(secret) || query.includes(secret) || (query.includes('%') && safeDecode(query).includes(secret)))) {
      tally.fail(f.logId, 'The client secret appears in the URL. Send it only in the token request body (4.2, 4.3) and never log it.')
      return
    }
    if (this.issued.size === 0 && isPlainQuery(query)) {
      // Nothing issued to compare values with, and names as written: only a credential name can fail, found in place.
      const named = SECRET_PARAM_IN_QUERY.exec(query)
      if (named) {
        tally.fail(
          f.logId,
          `The URL carries a credential parameter "${named[1]}". Send tokens in the Authorization header and the secret in the token request body only.`,
        )
        return
      }
      tally.pass(f.logId)
      return
    }
    for (const [name, value] of f.query) {
      if (SECRET_PARAM.test(name)) {
        tally.fail(
          f.logId,
          `The URL carries a credential parameter "${name}". Send tokens in the Authorization header and the secret in the token request body only.`,
        )
        return
      }
      if (value.length >= MIN_TOKEN_LENGTH && this.issued.size > 0 && this.issued.has(tokenFingerprint(value))) {
        tally.fail(
          f.logId,
          `The URL's "${name}" parameter is a token issued by the token endpoint. Tokens go in the Authorization header, never in a URL.`,
        )
        return
      }
    }
    if (this.issued.size > 0 && this.issuedInPath(path)) {
      tally.fail(f.logId, 'A token issued by the token endpoint appears in the URL path. Tokens go in the Authorization header only.')
      return
    }
    tally.pass(f.logId)
  }

  private issuedInPath(path: string): boolean {
    for (const segment of path.split('/')) {
      if (segment.length >= MIN_TOKEN_LENGTH && this.issued.has(tokenFingerprint(safeDecode(segment)))) return true
    }
    return false
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
