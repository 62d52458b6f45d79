import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Doctor } from '../../../../src/main/engine/doctor/doctor'
import { ExchangeFacts, endpointOf } from '../../../../src/main/engine/doctor/exchange-facts'
import { isLoopbackHost } from '../../../../src/main/engine/doctor/judges/https-judge'
import { RecentRateKeys, rateKeyOf } from '../../../../src/main/engine/doctor/judges/rate-key'
import { RULE_IDS } from '../../../../src/main/engine/doctor/rule-catalogue'
import { RuleTally } from '../../../../src/main/engine/doctor/rule-tally'
import { quotaKey } from '../../../../src/main/engine/quota/quota-key'
import { QuotaLimits } from '../../../../src/main/engine/quota/quota-limits'
import { CLIENT_ID, FlowBuilder, SECRET, T0 } from './flow-builder'

describe('the doctor’s shortcuts on the usual exchange decide as the long way would', () => {
  it('hands back the key quotaKey builds for any client, method and raw path, over more paths than it remembers (property)', () => {
    const paths = [
      '/api/v1/Locations',
      '/api/v1/locations/',
      '/api/v1/locations',
      '/',
      '//',
      '/a',
      '/A/',
      '/b?x',
      '/c#d',
      '/e',
      '/f',
      '/g',
      '/h',
      '/i',
      '/j',
    ]
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('client-a', 'client-b', ''), fc.constantFrom('GET', 'POST', 'get'), fc.constantFrom(...paths)), {
          maxLength: 80,
        }),
        calls => {
          const keys = new RecentRateKeys()
          for (const [client, method, path] of calls) {
            // A copy of the text, as the capture hands a new string with each exchange.
            const key = keys.keyOf(client, method, ` ${path}`.slice(1))
            const expected = quotaKey(client, method, path)
            expect({ ...key }).toEqual({ ...expected })
          }
        },
      ),
      { numRuns: 500 },
    )
  })

  it('takes the rate key the capture handed over only when it is the one quotaKey builds for the doctor’s client, method and path (property)', () => {
    const paths = [
      '/api/v1/locations',
      '/api/v1/Locations',
      '/api/v1/locations/',
      '/',
      '',
      'a',
      '/a?x',
      'k://x/y',
      '/\u212A://x/y',
      '/\u0130',
      '/i\u0307',
    ]
    const handedFrom = fc.option(
      fc.tuple(
        fc.constantFrom(CLIENT_ID, 'other-client', 'anonymous'),
        fc.constantFrom('GET', 'get', 'POST'),
        fc.constantFrom(...paths, 'http://h/api/v1/locations', '\u212A://x/y'),
      ),
    )
    const settings = {
      clientId: CLIENT_ID,
      clientSecret: SECRET,
      registeredRedirectUris: [],
      limits: new QuotaLimits(),
      clock: { offsetDuring: () => 0 },
    }
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom(...paths),
            fc.constantFrom('GET', 'get', 'POST'),
            fc.option(fc.constantFrom(CLIENT_ID, 'other-client')),
            handedFrom,
          ),
          {
            minLength: 1,
            maxLength: 20,
          },
        ),
        calls => {
          const b = new FlowBuilder()
          const facts = new ExchangeFacts(b.add({ path: '/', at: T0 }))
          const doctorSettings = { ...settings, rateKeys: new RecentRateKeys() }
          for (const [i, [path, method, accessKey, handed]] of calls.entries()) {
            const x = b.add({ path, method, at: T0 + i, headers: accessKey === null ? {} : { 'x-access-key': accessKey } })
            x.quotaKey = handed === null ? null : quotaKey(...handed)
            const key = rateKeyOf(facts.load(x), doctorSettings)
            if (facts.endpoint === 'authorize' || facts.endpoint === 'operator') continue
            expect({ ...key }).toEqual({ ...quotaKey(accessKey ?? CLIENT_ID, method, path) })
          }
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('classifies every exchange’s endpoint as endpointOf does its path, whatever paths came before (property)', () => {
    const paths = ['/api/v1/locations', '/API/v1/locations/', '/api/v1/export/7/tickets', '/oauth2/token', '/_sandbox/x', '', '/', '/x']
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...paths), { minLength: 1, maxLength: 30 }), sequence => {
        const b = new FlowBuilder()
        for (const [i, path] of sequence.entries()) b.add({ path, at: T0 + i })
        const facts = new ExchangeFacts(b.exchanges[0]!)
        for (const x of b.exchanges) expect(facts.load(x).endpoint).toBe(endpointOf(x.request.path))
      }),
      { numRuns: 500 },
    )
  })

  it('fails a plain-HTTP redirect_uri in any query as URLSearchParams reads it, read or skipped (property)', () => {
    const PARTS = [
      'redirect_uri',
      'redirect%5Furi',
      'redirect%5furi',
      'redirect',
      '_uri',
      '=',
      '&',
      '+',
      '%',
      'http://evil.example/cb',
      'https://x.example',
      'http%3A%2F%2Fevil.example',
      'a',
    ]
    const query = fc.array(fc.constantFrom(...PARTS), { maxLength: 8 }).map(parts => parts.join(''))
    fc.assert(
      fc.property(query, q => {
        const b = new FlowBuilder()
        b.add({ path: '/api/v1/other', query: q, at: T0 })
        const doctor = new Doctor({ clientId: CLIENT_ID, clientSecret: SECRET })
        doctor.observe(b.exchanges[0]!)
        const https = doctor.scorecard(Number.POSITIVE_INFINITY).rules.find(r => r.id === 'requests.https')!
        const uri = URL.parse(new URLSearchParams(q).get('redirect_uri') ?? '')
        expect(https.verdict).toBe(uri?.protocol === 'http:' ? 'fail' : 'pass')
      }),
      { numRuns: 1000 },
    )
  })

  it('fails a request sent over plain HTTP to a non-loopback host, whatever the scheme’s case or look-alikes (property)', () => {
    const scheme = fc.constantFrom(
      'http:',
      'HTTP:',
      'hTtP:',
      'https:',
      'HTTPS:',
      'http;',
      'htt:',
      'ʜttp:',
      'ｈttp:',
      'http\u0130:',
      'h',
      '',
    )
    const host = fc.constantFrom(
      '//api.partner.example',
      '//127.0.0.1:8080',
      '//localhost',
      '//[::1]',
      '//a.localhost',
      '//u:p@x.example',
      '',
    )
    fc.assert(
      fc.property(fc.array(fc.tuple(scheme, host), { minLength: 1, maxLength: 4 }), urls => {
        const b = new FlowBuilder()
        const doctor = new Doctor({ clientId: CLIENT_ID, clientSecret: SECRET })
        let expected = 'pass'
        for (const [i, [s, h]] of urls.entries()) {
          const url = `${s}${h}/api/v1/other`
          doctor.observe(b.add({ path: '/api/v1/other', url, at: T0 + i }))
          const parsed = URL.parse(url)
          if (/^http:/i.test(url) && parsed && !isLoopbackHost(parsed.hostname)) expected = 'fail'
        }
        expect(doctor.scorecard(Number.POSITIVE_INFINITY).rules.find(r => r.id === 'requests.https')!.verdict).toBe(expected)
      }),
      { numRuns: 300 },
    )
  })

  it('tallies passes among warnings and failures with the verdict, message, evidence and counts of the full record (property)', () => {
    const id = RULE_IDS[0]!
    // Ids of several lengths, some 32 apart (the tally reads its evidence only for an id of a kept id's length mod 32).
    const ids = ['l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8', 'l10', 'l200', 'l3000', '', 'm'.repeat(34), 'n'.repeat(34), 'o'.repeat(66)]
    const finding = fc.tuple(fc.constantFrom('pass', 'warn', 'fail'), fc.constantFrom(...ids))
    // Mostly passes first (a rule that holds, its evidence filled, ids repeating), then any mixture.
    const passes = fc.array(fc.tuple(fc.constant('pass'), fc.constantFrom(...ids)), {
      maxLength: 30,
    })
    fc.assert(
      fc.property(passes, fc.array(finding, { maxLength: 30 }), (first, then) => {
        const findings = [...first, ...then]
        const tally = new RuleTally(id)
        const model = { verdict: 'not_exercised', message: '', evidence: [] as string[], evidenceCount: 0, checked: 0 }
        const rank: Record<string, number> = { not_exercised: 0, pass: 1, warning: 2, fail: 3 }
        for (const [kind, logId] of findings) {
          const verdict = kind === 'warn' ? 'warning' : kind
          const message = kind === 'pass' ? undefined : `${kind} ${logId}`
          if (kind === 'pass') tally.pass(logId)
          else if (kind === 'warn') tally.warn(logId, message!)
          else tally.fail(logId, message!)
          model.checked++
          if (rank[verdict]! > rank[model.verdict]!) {
            model.verdict = verdict
            model.message = message ?? 'default'
            model.evidence = []
            model.evidenceCount = 0
          }
          if (verdict === model.verdict && !model.evidence.includes(logId)) {
            model.evidenceCount++
            if (model.evidence.length < 5) model.evidence.push(logId)
          }
        }
        const r = tally.result()
        expect([r.verdict, r.evidence, r.evidenceCount, r.checked]).toEqual([
          model.verdict,
          model.evidence,
          model.evidenceCount,
          model.checked,
        ])
        if (model.verdict === 'warning' || model.verdict === 'fail') expect(r.message).toBe(model.message)
      }),
      { numRuns: 2000 },
    )
  })
})
