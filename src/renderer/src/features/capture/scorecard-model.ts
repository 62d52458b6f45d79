import type { DoctorDrillName, DoctorRuleView, DoctorVerdict } from '../../../../shared/contract'

/** A verdict in words and its tone (the colour class), in the order a scorecard sorts them: failures first. */
export const VERDICTS: Record<DoctorVerdict, { text: string; tone: 'err' | 'warn' | 'ok' | 'muted'; rank: number }> = {
  fail: { text: 'fail', tone: 'err', rank: 0 },
  warning: { text: 'warning', tone: 'warn', rank: 1 },
  pass: { text: 'pass', tone: 'ok', rank: 2 },
  not_exercised: { text: 'not exercised', tone: 'muted', rank: 3 },
}

/**
 * The drills in the order `all` plays them, each with what it does in words. The names are the contract's
 * (DOCTOR_DRILL_NAMES): the record's type makes the checker name a drill missing here.
 */
export const DRILLS: Record<DoctorDrillName, string> = {
  'token-expiry': 'the access token expires',
  'rate-limit-retry-after': '429 with Retry-After',
  'rate-limit-no-retry-after': '429 without Retry-After',
  'service-unavailable': '503',
  'date-skew': 'Date header 30 s off',
  'slow-response': 'slow response',
}

/**
 * The rows a scorecard shows: failures first, then warnings, passes and rules not exercised (each group in the
 * engine's order), only failures when `failedOnly`.
 */
export function scorecardRows(rules: DoctorRuleView[], failedOnly: boolean): DoctorRuleView[] {
  const shown = failedOnly ? rules.filter(r => r.verdict === 'fail') : rules
  return shown
    .map((rule, i) => ({ rule, i }))
    .sort((a, b) => VERDICTS[a.rule.verdict].rank - VERDICTS[b.rule.verdict].rank || a.i - b.i)
    .map(x => x.rule)
}
