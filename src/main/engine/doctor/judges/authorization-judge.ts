import type { ExchangeFacts } from '../exchange-facts'
import { BoundedMap, type DoctorSettings, type Judge, type JudgeScope, type Tallies } from '../judge'
import { quoteValue } from '../quote-value'

/** A `state` shorter than this is guessable (16 random characters are ~96 bits in base64url). */
const MIN_STATE_LENGTH = 16
/** A `state` shorter than this is a failure, not only a warning. */
const WEAK_STATE_LENGTH = 8
/** Codes remembered this long (the sandbox's codes live 600 s; a replay later is still a replay). */
const CODE_MEMORY_MS = 60 * 60_000

/**
 * The authorization code flow of 4.1–4.3: each authorize request sends response_type=code and a fresh, unpredictable
 * `state`; the token request repeats the authorize request's redirect_uri, which is also the registered one; a code
 * is exchanged once (a retry after a refused exchange is not a second one). State values and codes are kept by fingerprint in bounded, time-evicted maps.
 */
export class AuthorizationJudge implements Judge {
  readonly scope: JudgeScope = { endpoints: ['authorize', 'token'] }
  private readonly states = new BoundedMap<string, string>(256)
  private readonly redirectByClient = new BoundedMap<string, string>(64)
  private readonly codes = new BoundedMap<string, { at: number; logId: string; refusedAt: number | null }>(2000)

  constructor(private readonly settings: DoctorSettings) {}

  observe(f: ExchangeFacts, t: Tallies): void {
    if (f.endpoint === 'authorize' && f.method === 'GET') this.authorize(f, t)
    else if (f.endpoint === 'token') this.token(f, t)
  }

  private authorize(f: ExchangeFacts, t: Tallies): void {
    const q = f.query
    const id = f.logId
    const responseType = q.get('response_type')
    if (responseType === 'code') t['authorization.response-type'].pass(id)
    else {
      t['authorization.response-type'].fail(
        id,
        responseType === null
          ? 'The authorize request has no response_type. Send response_type=code (4.1).'
          : `The authorize request sends response_type=${quoteValue(responseType)}. The API issues codes only: send response_type=code (4.1).`,
      )
    }
    this.judgeState(q.get('state'), id, t)
    const redirect = q.get('redirect_uri')
    const clientId = q.get('client_id') ?? this.settings.clientId
    if (redirect !== null) {
      this.redirectByClient.set(clientId, redirect)
      this.judgeRegistered(redirect, id, t)
    } else t['authorization.redirect-uri'].fail(id, 'The authorize request has no redirect_uri. Send the registered one (4.1).')
  }

  private judgeState(state: string | null, id: string, t: Tallies): void {
    const tally = t['authorization.state']
    if (state === null || state === '') {
      tally.fail(
        id,
        'The authorize request has no `state`. Generate a random state per attempt (e.g. crypto.randomBytes(16).toString("base64url")), keep it, and check it on the callback before exchanging the code (4.1: CSRF).',
      )
      return
    }
    const seenAt = this.states.get(state)
    if (seenAt !== undefined) {
      tally.fail([seenAt, id], 'The same `state` was sent in two authorize requests. Generate a new random state for every attempt.')
      return
    }
    this.states.set(state, id)
    if (state.length < WEAK_STATE_LENGTH || /^\d{1,13}$/.test(state)) {
      tally.fail(
        id,
        `The \`state\` is guessable (${state.length} characters${/^\d+$/.test(state) ? ', digits only' : ''}). Use at least 16 random characters from a CSPRNG.`,
      )
    } else if (state.length < MIN_STATE_LENGTH) {
      tally.warn(id, `The \`state\` has only ${state.length} characters. Use at least 16 random characters from a CSPRNG.`)
    } else tally.pass(id)
  }

  private judgeRegistered(redirect: string, id: string, t: Tallies): void {
    const registered = this.settings.registeredRedirectUris
    if (registered.length === 0 || registered.includes(redirect)) return
    t['authorization.redirect-uri'].fail(
      id,
      `redirect_uri ${JSON.stringify(redirect)} is not the registered one (${registered.map(r => JSON.stringify(r)).join(', ')}). Send it byte for byte as registered: scheme, host, port, path, trailing slash (5.1).`,
    )
  }

  private token(f: ExchangeFacts, t: Tallies): void {
    const req = f.tokenRequest
    if (req?.grantType !== 'authorization_code') return
    const id = f.logId
    const clientId = req.clientId ?? this.settings.clientId
    const sent = this.redirectByClient.get(clientId)
    if (req.redirectUri === null) {
      t['authorization.redirect-uri'].fail(
        id,
        'The code exchange has no redirect_uri. Send the same redirect_uri as in the authorize request (4.2).',
      )
    } else if (sent !== undefined && sent !== req.redirectUri) {
      t['authorization.redirect-uri'].fail(
        id,
        `The code exchange sends redirect_uri ${JSON.stringify(req.redirectUri)}, the authorize request sent ${JSON.stringify(sent)}. Send the identical string in both (4.2).`,
      )
    } else {
      this.judgeRegistered(req.redirectUri, id, t)
      t['authorization.redirect-uri'].pass(id)
    }
    if (req.codeFp === null) return
    for (const [code, entry] of this.codes) {
      if (entry.at >= f.x.startedAt - CODE_MEMORY_MS) break
      this.codes.delete(code)
    }
    const before = this.codes.get(req.codeFp)
    // A refused exchange (a wrong redirect_uri, a throttled request) did not use the code up: trying again once that
    // refusal was read is not a second exchange. One that overlapped it, or any after a success, is.
    const status = f.status
    const refusedAt = status !== null && (status < 200 || status > 299) ? (f.x.respondedAt ?? f.x.startedAt) : null
    if (before && !(before.refusedAt !== null && before.refusedAt <= f.x.startedAt)) {
      t['authorization.code-once'].fail(
        [before.logId, id],
        'An authorization code was exchanged twice. A code is single-use (4.2): exchange it once, keep the tokens, and use the refresh grant afterwards. A server may revoke every token of a replayed code.',
      )
    } else {
      this.codes.set(req.codeFp, { at: f.x.startedAt, logId: id, refusedAt })
      t['authorization.code-once'].pass(id)
    }
  }
}
