import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { SecretRegistry } from '../../../../src/main/engine/core/secret-registry'
import { Doctor } from '../../../../src/main/engine/doctor/doctor'
import { buildReport, reportFails } from '../../../../src/main/engine/doctor/report/doctor-report'
import { renderJsonReport } from '../../../../src/main/engine/doctor/report/json-report'
import { renderJunitReport } from '../../../../src/main/engine/doctor/report/junit-report'
import { renderMarkdownReport } from '../../../../src/main/engine/doctor/report/markdown-report'
import { CLIENT_ID, flow, REDIRECT, SECRET } from './flow-builder'

const TOKENS = ['access-A-CANARY-0123456789', 'access-B-CANARY-0123456789', 'refresh-R-CANARY-0123456789', 'refresh-R2-CANARY-0123456789']
const HOSTILE = 'env </testcase>]]><![CDATA[ & "quotes" \'apos\' \u0001\u0007 \ud800 | `tick` <script>'

/** A capture full of mistakes, some of which put the secret and the tokens where a careless message would quote them. */
function messyReport(strict = false) {
  const doctor = new Doctor({ clientId: CLIENT_ID, clientSecret: SECRET, registeredRedirectUris: [REDIRECT] })
  const xs = flow({
    install: (b, at) => {
      b.locations(at, TOKENS[0]!, 200, { query: `access_token=${TOKENS[0]}&client_secret=${SECRET}` })
      b.install(at + 1000, TOKENS[0]!, `{"locationId":"${SECRET}"}`)
    },
    exports: (b, at) => {
      b.exportTickets(at, { headers: { 'x-access-key': SECRET } })
      b.exportTickets(at + 2000, { location: 101002, query: `filter[dateTimeFrom]=${SECRET}&filter[dateTimeTo]=2025-13-01`, timestamp: at })
    },
  })
  for (const x of xs) doctor.observe(x)
  const secrets = new SecretRegistry()
  secrets.add(SECRET, 'client_secret')
  const drills = [
    {
      name: 'date-skew' as const,
      exercises: ['signing.timestamp-skew'],
      state: 'answered' as const,
      logId: 'log-9',
      detail: HOSTILE,
      next: [{ logId: 'log-10', what: HOSTILE, afterMs: 1200 }],
    },
  ]
  return buildReport({ environment: HOSTILE, strict, scorecard: doctor.scorecard(Number.POSITIVE_INFINITY), drills }, secrets)
}

function parseXml(xml: string): string {
  // A real XML parser (Python's expat) is the judge of well-formedness: it prints the element counts it read.
  return execFileSync(
    'python3',
    [
      '-c',
      'import sys, xml.etree.ElementTree as E; r = E.fromstring(sys.stdin.buffer.read()); print(len(r.findall(".//testcase")), len(r.findall(".//failure")), len(r.findall(".//skipped")))',
    ],
    { input: xml },
  )
    .toString()
    .trim()
}

describe('the doctor’s report files', () => {
  it('never contain the client secret or a token, in any of the three formats', () => {
    const report = messyReport()
    for (const text of [renderMarkdownReport(report), renderJunitReport(report), renderJsonReport(report)]) {
      expect(text).not.toContain(SECRET)
      for (const token of TOKENS) expect(text).not.toContain(token)
      expect(text.match(/.{60}CANARY.{40}/)?.[0] ?? null).toBeNull()
    }
  })

  it('write JUnit XML that a real XML parser reads, with one testcase per rule and a failure per failed rule', () => {
    const report = messyReport()
    const [cases, failures, skipped] = parseXml(renderJunitReport(report)).split(' ').map(Number)
    expect(cases).toBe(report.scorecard.rules.length)
    expect(failures).toBe(report.scorecard.counts.fail)
    expect(skipped).toBe(report.scorecard.counts.not_exercised)
    expect(failures).toBeGreaterThanOrEqual(5)
  })

  it('count warnings as failures only under --strict', () => {
    const report = messyReport(true)
    const junit = parseXml(renderJunitReport(report)).split(' ').map(Number)
    expect(junit[1]).toBe(report.scorecard.counts.fail + report.scorecard.counts.warning)
    expect(reportFails(report)).toBe(true)
  })

  it('give the partner a ticket in Markdown: failures first, with what to change, the spec section and the evidence', () => {
    const md = renderMarkdownReport(messyReport())
    const change = md.indexOf('## What to change')
    const table = md.indexOf('## Every rule')
    expect(change).toBeGreaterThan(0)
    expect(table).toBeGreaterThan(change)
    expect(md).toMatch(/### ❌ fail: x-access-key is the client id \(spec 5\.2\)\n\nx-access-key carries the client secret itself/)
    expect(md).toMatch(/Evidence: `log-\d+`/)
    expect(md).not.toContain('<script>')
    // The hostile drill text stays on its table row.
    const drillRow = md.split('\n').find(l => l.startsWith('| date-skew'))!
    expect(drillRow.split(/(?<!\\)\|/).length).toBe(6)
  })

  it('give tools every rule with its verdict in JSON', () => {
    const json = JSON.parse(renderJsonReport(messyReport()))
    expect(json.format).toBe('partner-console-doctor/1')
    expect(json.scorecard.rules.map((r: { id: string }) => r.id)).toContain('signing.access-key')
    expect(json.scorecard.rules.find((r: { id: string }) => r.id === 'requests.export-dates').verdict).toBe('fail')
  })
})
