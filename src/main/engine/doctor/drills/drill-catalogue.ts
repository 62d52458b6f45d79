import { DOCTOR_DRILL_NAMES } from '../../../../shared/contract/doctor'
import { ConsoleError } from '../../core/console-error'
import type { RuleId } from '../rule-catalogue'

/** The doctor's drills, in the order `--drills all` plays them: one list, the contract's (the app arms them too). */
export const DRILL_NAMES = DOCTOR_DRILL_NAMES

export type DrillName = (typeof DRILL_NAMES)[number]

/** What each drill plays, and the rules whose verdicts it exercises. */
export const DRILLS: Record<DrillName, { description: string; exercises: RuleId[]; answersInPlace?: true }> = {
  'token-expiry': {
    description:
      'The access token expires: on the sandbox, its clock moves 24 h ahead before the next bearer call (and back once the client has been to the token endpoint); elsewhere the next bearer call is answered 401 invalid_token.',
    exercises: ['tokens.refresh-on-expiry', 'tokens.single-refresh', 'tokens.refresh-response'],
  },
  'rate-limit-retry-after': {
    description: 'The next API call is answered 429 with Retry-After: N (X-RateLimit-Remaining: 0, the 2.6 body).',
    exercises: ['limits.retry-after', 'limits.backoff'],
    answersInPlace: true,
  },
  'rate-limit-no-retry-after': {
    description: 'The next API call is answered 429 without Retry-After: the client must wait 60 s.',
    exercises: ['limits.retry-after', 'limits.backoff'],
    answersInPlace: true,
  },
  'service-unavailable': {
    description: 'The next API call is answered 503: a retry must be signed anew and must not refresh or re-authorize.',
    exercises: ['signing.fresh-signature', 'tokens.refresh-on-expiry'],
    answersInPlace: true,
  },
  'date-skew': {
    description: 'The next API answer carries a Date 30 s ahead: a client that trusts one Date blindly signs stale.',
    exercises: ['signing.timestamp-skew'],
  },
  'slow-response': {
    description: 'The next API answer is held back (3 s by default): a client that gives up must not resend the same signature.',
    exercises: ['signing.fresh-signature'],
  },
}

/**
 * Whether a drill answered the request itself, so the server never received it (the 429s, the 503): the quota a
 * server counts (section 8) must not count it. The token drill forwards on the sandbox, and its injected 401 stands
 * for the server's own answer to an expired token, which the server counts.
 */
export function answeredInPlace(drill: { name: string } | null): boolean {
  return drill !== null && DRILLS[drill.name as DrillName]?.answersInPlace === true
}

/** Parses `all` or a list of drill names; unknown names are an error that lists the known ones. */
export function parseDrills(names: readonly string[]): DrillName[] {
  if (names.length === 1 && names[0] === 'all') return [...DRILL_NAMES]
  const unknown = names.filter(n => !(DRILL_NAMES as readonly string[]).includes(n))
  if (unknown.length > 0) {
    throw new ConsoleError('invalid_request', `Unknown drill ${unknown.map(n => JSON.stringify(n)).join(', ')}.`, {
      hint: `The drills are ${DRILL_NAMES.join(', ')}, or all.`,
    })
  }
  return names as DrillName[]
}
