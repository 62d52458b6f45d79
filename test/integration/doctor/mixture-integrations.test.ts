import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DrillName } from '../../../src/main/engine/doctor/drills/drill-catalogue'
import type { RuleId } from '../../../src/main/engine/doctor/rule-catalogue'
import { type RunningSandbox, startSandbox } from '../../../src/sandbox'
import { runThroughDoctor } from './integration-runner'

const dir = join(import.meta.dirname, '../../fixtures/integrations/mixtures')

function javaOnPath(): boolean {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}
const hasJava = javaOnPath()

/** A mixture of mistakes, the drills its mistakes need, and exactly the rules it must fail. */
interface Mixture {
  mistakes: string[]
  drills: DrillName[]
  fails: RuleId[]
}

const EXPIRY_AND_429: DrillName[] = ['token-expiry', 'rate-limit-retry-after']

const PYTHON: Mixture[] = [
  { mistakes: [], drills: [...EXPIRY_AND_429, 'service-unavailable'], fails: [] },
  {
    mistakes: ['query-in-signed-path', 'refresh-storm', 'ignore-retry-after'],
    drills: EXPIRY_AND_429,
    fails: ['signing.signature', 'tokens.single-refresh', 'limits.retry-after'],
  },
  // Every signature is refused for its milliseconds: the cached one is still caught.
  { mistakes: ['milliseconds', 'reused-signature'], drills: [], fails: ['signing.timestamp-seconds', 'signing.fresh-signature'] },
  // The refused exchange (wrong redirect_uri) did not use the code up: no code-once.
  {
    mistakes: ['redirect-mismatch', 'location-string', 'iso-dates'],
    drills: [],
    fails: ['authorization.redirect-uri', 'requests.location-id', 'requests.export-dates'],
  },
]

const JAVA: Mixture[] = [
  { mistakes: [], drills: [...EXPIRY_AND_429, 'service-unavailable'], fails: [] },
  {
    mistakes: ['no-state', 'reauthorize-on-401', 'token-in-query'],
    drills: ['token-expiry'],
    fails: ['tokens.refresh-on-expiry', 'tokens.no-secret-in-url', 'authorization.state'],
  },
  {
    mistakes: ['bearer-on-signed', 'no-content-type', 'reused-signature'],
    drills: [],
    fails: ['signing.fresh-signature', 'tokens.auth-scheme', 'requests.json-content-type'],
  },
]

/**
 * Integrations written apart from the fixtures' own (another team's style: requests.Session with a retry decorator;
 * java.net.http), each making a mixture of mistakes from one file: the doctor fails exactly the union of the rules
 * they break, warns about nothing, and never errs internally.
 */
function describeMixtures(language: string, command: string[], mixtures: Mixture[]): void {
  // The drills play on timing (a held call, a clock moved and restored): a run that missed its moment runs again.
  describe(`the doctor on ${language} integrations with mixtures of mistakes`, { retry: 1 }, () => {
    // A sandbox per run: the token drill moves its clock, and no move may reach the next run.
    let sb: RunningSandbox
    beforeEach(async () => {
      sb = await startSandbox({ quiet: true, clients: [], autoConsent: 'allow' })
    })
    afterEach(() => sb?.close())

    for (const m of mixtures) {
      const label = m.mistakes.length > 0 ? m.mistakes.join(' + ') : 'correct'
      it(`${label}: ${m.fails.length > 0 ? `fails exactly ${m.fails.join(', ')}` : 'fails nothing'}, warns nothing`, async () => {
        const [program, ...args] = command
        const run = await runThroughDoctor(sb, 'env', [`MISTAKES=${m.mistakes.join(',')}`, 'SYNC_ROUNDS=1', program!, ...args], {
          drills: m.drills,
          onSandbox: true,
        })
        const context = JSON.stringify(
          { output: run.output, rules: run.card.rules.filter(r => r.verdict === 'fail' || r.verdict === 'warning'), drills: run.drills },
          null,
          1,
        )
        expect([...run.failed].sort(), context).toEqual([...m.fails].sort())
        expect(run.warned, context).toEqual([])
        expect(run.card.internalErrors.count, context).toBe(0)
        expect(
          run.drills.map(d => `${d.name}: ${d.state}`),
          context,
        ).toEqual(m.drills.map(d => `${d}: answered`))
        if (m.fails.length === 0) expect(run.output, context).toMatch(/^done: /m)
      }, 120_000)
    }
  })
}

describeMixtures('Python (requests.Session)', ['python3', join(dir, 'partner_session.py')], PYTHON)

if (hasJava) describeMixtures('Java (java.net.http, single-file source)', ['java', join(dir, 'PartnerIntegration.java')], JAVA)
else it.skip('Java mixtures: skipped, no `java` on PATH (a JDK 11 or later runs them)', () => {})
