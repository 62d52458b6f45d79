import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { jsonReportWriter } from '../../../src/main/cli/replay-report'
import type { ReplayReport } from '../../../src/shared/contract'

function written(report: ReplayReport): string {
  let text = ''
  const out = new Writable({
    write(chunk: Buffer, _enc, done) {
      text += chunk.toString('utf8')
      done()
    },
  })
  const writer = jsonReportWriter(out)
  writer.start(report.target)
  for (const e of report.entries) writer.entry(e)
  writer.end(report.summary)
  return text
}

const target = { envId: 'env-1', name: 'Sandbox "built-in"\n', baseUrl: 'http://127.0.0.1:1' }
const summary = { same: 1, differentStatus: 1, differentBody: 0, failed: 1, skipped: 0 }

describe('replay --json written entry by entry', () => {
  it('is byte for byte the whole report printed at once, whatever the entries hold', () => {
    const report: ReplayReport = {
      target,
      entries: [
        {
          index: 0,
          method: 'GET',
          path: '/a?b=[1]',
          outcome: 'same',
          original: { status: 200, logId: 'log-1' },
          replay: { status: 200, logId: 'log-2' },
        },
        {
          index: 1,
          method: 'POST',
          path: '/x\n  "y": {}',
          outcome: 'failed',
          original: { status: 0, logId: null },
          replay: { status: null, logId: null, error: 'line one\nline two \u2028 "quoted" \\' },
        },
        {
          index: 2,
          method: 'GET',
          path: '/',
          outcome: 'skipped',
          original: { status: 204, logId: 'l' },
          replay: { status: null, logId: null },
          reason: 'r',
        },
      ],
      summary,
    }
    expect(written(report)).toBe(`${JSON.stringify(report, null, 2)}\n`)
  })

  it('prints an empty entries list as the whole report does', () => {
    const report: ReplayReport = { target, entries: [], summary }
    expect(written(report)).toBe(`${JSON.stringify(report, null, 2)}\n`)
  })
})
