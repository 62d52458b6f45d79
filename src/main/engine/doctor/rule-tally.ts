import { RULES, type RuleId } from './rule-catalogue'

export type Verdict = 'pass' | 'fail' | 'warning' | 'not_exercised'

/** How many log ids of evidence a rule keeps: the first few, then only a count. */
const EVIDENCE_KEPT = 5

/** One rule's verdict as the scorecard shows it. */
export interface RuleResult {
  id: RuleId
  section: string
  title: string
  verdict: Verdict
  /** What the partner's code must change (fail, warning), or what was checked (pass), or why nothing was. */
  message: string
  /** Log ids of the exchanges behind the verdict (the first EVIDENCE_KEPT), and how many there were in all. */
  evidence: string[]
  evidenceCount: number
  /** Findings recorded for this rule (one or more per exchange it looked at). */
  checked: number
}

const RANK: Record<Verdict, number> = { not_exercised: 0, pass: 1, warning: 2, fail: 3 }

/**
 * The running verdict of one rule: it only gets worse (not exercised → pass → warning → fail), keeps the message of
 * the first finding at its worst level and a bounded list of evidence, so its memory does not grow with the capture.
 */
export class RuleTally {
  private verdict: Verdict = 'not_exercised'
  private message = ''
  private evidence: string[] = []
  /** Bit (length % 32) set for each kept id's length: most ids passed later are longer than the first ones kept. */
  private evidenceLengths = 0
  private evidenceCount = 0
  private checked = 0

  constructor(readonly id: RuleId) {}

  /**
   * The rule was exercised by this exchange and held. The usual call, on a rule that already holds its evidence or is
   * worse than pass, only counts: no call chain, the same tally as `record` would leave.
   */
  pass(logId: string, message?: string): void {
    const verdict = this.verdict
    if (verdict === 'warning' || verdict === 'fail') {
      this.checked++
      return
    }
    if (verdict === 'pass' && this.evidence.length === EVIDENCE_KEPT) {
      this.checked++
      if (!this.holds(logId)) this.evidenceCount++
      return
    }
    this.record('pass', logId, message)
  }

  warn(logId: string | string[], message: string): void {
    this.record('warning', logId, message)
  }

  fail(logId: string | string[], message: string): void {
    this.record('fail', logId, message)
  }

  /**
   * Whether a finding of this verdict would set the rule's message (it is worse than the verdict so far). A judge
   * that reports the same mistake on every exchange builds its message only when this is true, and passes '' else:
   * no string and no closure per exchange, and the same verdict, message and evidence as building it every time.
   */
  keeps(verdict: Exclude<Verdict, 'not_exercised'>): boolean {
    return RANK[verdict] > RANK[this.verdict]
  }

  get current(): Verdict {
    return this.verdict
  }

  result(): RuleResult {
    const rule = RULES[this.id]
    return {
      id: this.id,
      section: rule.section,
      title: rule.title,
      verdict: this.verdict,
      message: this.verdict === 'not_exercised' ? 'No exchange of the capture exercised this rule.' : this.message,
      evidence: [...this.evidence],
      evidenceCount: this.evidenceCount,
      checked: this.checked,
    }
  }

  /**
   * Per exchange, so it builds nothing unless the verdict changes: a pass's default message only when it is kept
   * (judges build theirs only when `keeps` says so: a mistake repeated on every request is described once).
   */
  private record(verdict: Verdict, logIds: string | string[], message: string | undefined): void {
    this.checked++
    if (RANK[verdict] > RANK[this.verdict]) {
      this.verdict = verdict
      this.message = message ?? `Held on every exchange checked. ${RULES[this.id].passes}`
      this.evidence = []
      this.evidenceLengths = 0
      this.evidenceCount = 0
    }
    if (verdict !== this.verdict) return
    if (typeof logIds === 'string') this.addEvidence(logIds)
    else for (const id of logIds) this.addEvidence(id)
  }

  private addEvidence(id: string): void {
    if (this.holds(id)) return
    this.evidenceCount++
    if (this.evidence.length < EVIDENCE_KEPT) {
      this.evidence.push(id)
      this.evidenceLengths |= 1 << (id.length & 31)
    }
  }

  /**
   * Whether the kept evidence names this id, reading the kept ids only when one has its length (modulo 32): each is
   * a string from the capture's first exchanges, cold by now, and the log's ids grow longer as the capture goes on.
   */
  private holds(id: string): boolean {
    return ((this.evidenceLengths >>> (id.length & 31)) & 1) !== 0 && this.evidence.includes(id)
  }
}
