import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningSandbox, startSandbox } from '../../../src/sandbox'
import { EXPECTED, runThroughDoctor } from './integration-runner'

const DIR = join(import.meta.dirname, '../../fixtures/integrations/python')

let sb: RunningSandbox
beforeAll(async () => {
  sb = await startSandbox({ quiet: true, clients: [], autoConsent: 'allow' })
})
afterAll(() => sb?.close())

describe('the doctor on Python partner integrations, through a capture, against the sandbox, with drills', () => {
  for (const [name, rule] of EXPECTED) {
    it(`${name}: ${rule ? `fails ${rule} and nothing else` : 'passes every rule it exercises'}`, async () => {
      const { failed, warned, card, drills, output } = await runThroughDoctor(sb, 'python3', [join(DIR, `${name}.py`)])
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
        for (const id of [
          'signing.signature',
          'signing.fresh-signature',
          'tokens.refresh-on-expiry',
          'tokens.single-refresh',
          'tokens.refresh-response',
          'limits.retry-after',
          'authorization.state',
        ]) {
          expect(card.rules.find(r => r.id === id)?.verdict, `${id}\n${context}`).toBe('pass')
        }
      }
    }, 60_000)
  }
})
