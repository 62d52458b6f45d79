import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type RunningSandbox, startSandbox } from '../../../src/sandbox'
import { EXPECTED, runThroughDoctor } from './integration-runner'

/** The rules a correct integration exercises, each of which must pass for it. */
const EXERCISED = [
  'signing.signature',
  'signing.fresh-signature',
  'tokens.refresh-on-expiry',
  'tokens.single-refresh',
  'tokens.refresh-response',
  'limits.retry-after',
  'authorization.state',
] as const

/**
 * The suite every language's fixture integrations must pass: each fixture (test/fixtures/integrations/<folder>) runs
 * through a capture with the doctor and both drills, and fails exactly the one rule its mistake breaks.
 */
export function describeIntegrations(language: string, folder: string, command: string, extension: string): void {
  const dir = join(import.meta.dirname, '../../fixtures/integrations', folder)

  // A sandbox of its own per integration: the token-expiry drill moves the sandbox's clock, and a move (or its
  // restore) must never reach the next integration's run.
  let sb: RunningSandbox
  beforeEach(async () => {
    sb = await startSandbox({ quiet: true, clients: [], autoConsent: 'allow' })
  })
  afterEach(() => sb?.close())

  // The drills play on timing (a held call, a clock moved and restored, Retry-After): on a loaded machine a run can
  // miss its moment, so a case may run up to three times; each run must still judge exactly right on its own.
  describe(`the doctor on ${language} partner integrations, through a capture, against the sandbox, with drills`, { retry: 2 }, () => {
    for (const [name, rule] of EXPECTED) {
      it(`${name}: ${rule ? `fails ${rule} and nothing else` : 'passes every rule it exercises'}`, async () => {
        const { failed, warned, card, drills, output } = await runThroughDoctor(sb, command, [join(dir, `${name}.${extension}`)])
        const context = JSON.stringify(
          { output, rules: card.rules.filter(r => r.verdict === 'fail' || r.verdict === 'warning'), drills },
          null,
          1,
        )
        expect(failed, context).toEqual(rule ? [rule] : [])
        expect(warned, context).toEqual([])
        expect(card.internalErrors.count, context).toBe(0)
        expect(
          drills.map(d => d.state),
          context,
        ).toEqual(['answered', 'answered'])
        if (!rule) {
          expect(output).toMatch(/^done: /m)
          for (const id of EXERCISED) expect(card.rules.find(r => r.id === id)?.verdict, `${id}\n${context}`).toBe('pass')
        }
      }, 60_000)
    }
  })
}
