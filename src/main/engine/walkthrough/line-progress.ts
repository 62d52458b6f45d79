import type { ProgressReporter, StepResult } from './walkthrough-types'

/**
 * Progress as lines for a terminal or a CI log: `[3/6] Listing locations… ok (6 locations, 41 ms)`. A step that has
 * something to say while it runs (the authorize URL, a countdown) breaks its line; the result then repeats the step's
 * prefix so every outcome reads on one line. Failures add the hint on the next line.
 */
export class LineProgress implements ProgressReporter {
  private open: string | null = null

  constructor(private readonly out: NodeJS.WritableStream) {}

  start(index: number, total: number, title: string): void {
    this.open = `[${index}/${total}] ${title}…`
    this.out.write(`${this.open} `)
  }

  note(text: string): void {
    if (this.open !== null && !this.interrupted) {
      this.out.write('\n')
      this.interrupted = true
    }
    this.out.write(`      ${text}\n`)
  }

  finish(r: StepResult): void {
    if (this.interrupted) this.out.write(`${this.open} `)
    const timing = r.status === 'skipped' ? '' : `, ${r.ms} ms`
    if (r.status === 'failed') {
      this.out.write(`failed (${r.ms} ms): ${r.error?.message ?? r.detail}\n`)
      if (r.error?.hint) this.out.write(`      hint: ${r.error.hint}\n`)
    } else {
      this.out.write(`${r.status} (${r.detail}${timing})\n`)
    }
    this.open = null
    this.interrupted = false
  }

  private interrupted = false
}
