import { createHmac } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { type SignInput, signRequest } from '../src/main/engine/signing/signer'

/**
 * Signing with parts (canonical string, rules, byte and character offsets, headers) against a bare
 * `createHmac(...).update(canonical).digest('hex')` on the same canonical strings. Goal: at most 3× the bare HMAC,
 * so explaining every signature costs nothing a user could notice. Interleaved rounds; the median round counts.
 */
export async function benchSigner(
  options: { iterations?: number; rounds?: number } = {},
): Promise<{ name: string; baseline: number; subject: number; ratio: number; goal: string; unit: string }> {
  const iterations = options.iterations ?? 200_000
  const rounds = options.rounds ?? 5
  const inputs = makeInputs()
  const canonicals = inputs.map(i => signRequest(i).canonical)
  const secrets = inputs.map(i => i.clientSecret)
  const perRound = Math.ceil(iterations / rounds)
  let sink = 0

  const bare = (n: number) => {
    const t = performance.now()
    for (let k = 0; k < n; k++) {
      const i = k % canonicals.length
      sink += createHmac('sha256', secrets[i]!).update(canonicals[i]!).digest('hex').length
    }
    return performance.now() - t
  }
  const withParts = (n: number) => {
    const t = performance.now()
    for (let k = 0; k < n; k++) sink += signRequest(inputs[k % inputs.length]!).parts.length
    return performance.now() - t
  }

  bare(5_000)
  withParts(5_000)
  const baseTimes: number[] = []
  const subjectTimes: number[] = []
  for (let r = 0; r < rounds; r++) {
    baseTimes.push(bare(perRound))
    subjectTimes.push(withParts(perRound))
  }
  if (sink === 0) throw new Error('unreachable: keeps the loops from being optimised away')
  const toMicros = (ms: number) => (ms * 1000) / perRound
  const baseline = toMicros(median(baseTimes))
  const subject = toMicros(median(subjectTimes))
  return {
    name: `signRequest with parts vs bare createHmac (${rounds}×${perRound} signatures)`,
    baseline: round(baseline),
    subject: round(subject),
    ratio: round(subject / baseline),
    goal: '≤ 3×',
    unit: 'µs/signature',
  }
}

/** A mix like real traffic: export GETs with queries and mixed case, JSON bodies, a full URL, some unicode. */
function makeInputs(): SignInput[] {
  const inputs: SignInput[] = []
  for (let i = 0; i < 64; i++) {
    const ts = 1_746_100_800 + i
    const clientId = `partner-client-${i % 7}`
    const clientSecret = `sk_live_${(i * 7919).toString(36)}_secret_value`
    if (i % 4 === 0) {
      inputs.push({
        clientId,
        clientSecret,
        method: 'GET',
        path: `/api/v1/export/${101000 + i}/tickets?filter[dateTimeFrom]=2025-04-28&filter[dateTimeTo]=2025-04-30`,
        timestamp: ts,
      })
    } else if (i % 4 === 1) {
      inputs.push({ clientId, clientSecret, method: 'get', path: `/API/V1/Export/${101000 + i}/Tickets`, body: null, timestamp: ts })
    } else if (i % 4 === 2) {
      inputs.push({
        clientId,
        clientSecret,
        method: 'POST',
        path: '/marketplace/v2/platform-token/installations',
        body: JSON.stringify({ locationId: 101000 + i, note: 'café ☕' }),
        timestamp: ts,
      })
    } else {
      inputs.push({
        clientId,
        clientSecret,
        method: 'GET',
        path: `https://partner.example.com/api/v1/export/${i}/tickets?x=${i}`,
        timestamp: ts,
      })
    }
  }
  return inputs
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  return s[s.length >> 1]!
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchSigner()
  console.log(
    `${r.name}\n  bare createHmac: ${r.baseline} ${r.unit}\n  with parts:      ${r.subject} ${r.unit}\n  ratio:           ${r.ratio}× (goal ${r.goal})`,
  )
}
