import type { ReplayedEntry, ReplayReport } from '../../shared/contract'

const LABEL: Record<string, string> = {
  same: 'same',
  'different-status': 'DIFFERENT STATUS',
  'different-body': 'different body',
  failed: 'FAILED',
  skipped: 'skipped',
}

/** Writes a replay's report as its entries come, never holding them all: the same text as printing it whole. */
interface ReplayReportWriter {
  start(target: ReplayReport['target']): void
  entry(entry: ReplayedEntry): void
  end(summary: ReplayReport['summary']): void
}

/** One line per entry, then the summary line. */
export function textReportWriter(out: NodeJS.WritableStream): ReplayReportWriter {
  return {
    start: () => {},
    entry(e) {
      const replay = e.replay.status ?? (e.replay.error ? 'error' : '—')
      const why = e.reason ? ` (${e.reason})` : e.replay.error ? ` (${e.replay.error})` : ''
      out.write(`[${e.index + 1}] ${e.method} ${e.path}  ${e.original.status} → ${replay}  ${LABEL[e.outcome]}${why}\n`)
    },
    end(s) {
      out.write(
        `Summary: ${s.same} same, ${s.differentStatus} different status, ${s.differentBody} different body, ${s.failed} failed, ${s.skipped} skipped.\n`,
      )
    },
  }
}

/**
 * The report as JSON, byte for byte what `JSON.stringify(report, null, 2)` of the whole report gives (target, entries,
 * summary), written a piece at a time: the target first, each entry as it is known, the summary last.
 */
export function jsonReportWriter(out: NodeJS.WritableStream): ReplayReportWriter {
  let entries = 0
  return {
    start(target) {
      out.write(`{\n  "target": ${nested(target, '  ')},\n  "entries": [`)
    },
    entry(e) {
      out.write(`${entries === 0 ? '\n' : ',\n'}    ${nested(e, '    ')}`)
      entries += 1
    },
    end(summary) {
      out.write(`${entries === 0 ? ']' : '\n  ]'},\n  "summary": ${nested(summary, '  ')}\n}\n`)
    },
  }
}

/** A value as `JSON.stringify(value, null, 2)` prints it nested at `indent` (JSON text has no raw newline in a string). */
function nested(value: unknown, indent: string): string {
  return JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`)
}
