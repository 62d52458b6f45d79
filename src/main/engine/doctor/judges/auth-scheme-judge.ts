import { BEARER_ENDPOINTS, type ExchangeFacts } from '../exchange-facts'
import type { Judge, JudgeScope, Tallies } from '../judge'

const HMAC_HEADERS = ['x-access-key', 'x-timestamp', 'x-signature'] as const

/**
 * Tokens (5.1) and signatures (5.2) each on their own endpoints: a bearer on locations and installations (4.4, 4.5,
 * 4.7), the three HMAC headers on the export (4.6), and no bearer anywhere else (an access token sent to the export
 * or the token endpoint is a token handed to an endpoint that never needed it).
 */
export class AuthSchemeJudge implements Judge {
  readonly scope: JudgeScope = { endpoints: [...BEARER_ENDPOINTS, 'export', 'token', 'authorize'] }
  observe(f: ExchangeFacts, t: Tallies): void {
    const tally = t['tokens.auth-scheme']
    const id = f.logId
    if (BEARER_ENDPOINTS.has(f.endpoint)) {
      if (f.hasBearer) tally.pass(id)
      else {
        tally.fail(
          id,
          `${f.method} ${f.x.request.path} was sent without Authorization: Bearer. Locations and installations need the access token as a bearer (5.1); HMAC headers do not replace it.`,
        )
      }
      return
    }
    if (f.endpoint === 'export') {
      if (f.hasBearer) {
        tally.fail(
          id,
          'The signed export was sent with a bearer token. The export is authenticated by the HMAC headers alone (5.2): do not send the access token there.',
        )
      } else if (f.header('x-access-key') === undefined || f.header('x-timestamp') === undefined || f.header('x-signature') === undefined) {
        tally.fail(id, `The export was sent without ${missingHmacHeaders(f)}. Sign it (5.2): x-access-key, x-timestamp and x-signature.`)
      } else tally.pass(id)
      return
    }
    if ((f.endpoint === 'token' || f.endpoint === 'authorize') && f.hasBearer) {
      tally.fail(
        id,
        `A bearer token was sent to the ${f.endpoint} endpoint, which takes none (4.1–4.3). Send the access token only to the bearer endpoints.`,
      )
    }
  }
}

/** The HMAC headers the request lacks, listed (a function of its own: a closure over `f` in observe would cost a context per call). */
function missingHmacHeaders(f: ExchangeFacts): string {
  return HMAC_HEADERS.filter(h => f.header(h) === undefined).join(', ')
}
