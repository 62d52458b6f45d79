/**
 * What judging costs (issue 21 item 6): the capture's per-exchange CPU cost with and without a Doctor observing, on
 * the same traffic (bearer listings and HMAC-signed exports, every signature fresh) to an upstream answering at once.
 * The capture's cost is the process's CPU per exchange through the gateway minus the same traffic sent directly
 * (client and upstream alone), measured in rotating rounds; the median round counts. Goal: with ≤ 1.1× without.
 *
 *   npm run bench -- doctor-overhead
 */
import { Doctor } from '../src/main/engine/doctor/doctor'
import { standaloneCapture } from '../test/support/standalone-capture'
import { median } from './support/alternating'
import { drive, jsonUpstream, partnerCall } from './support/capture-traffic'

/** The row: the capture's CPU per exchange with the doctor observing, against without. */
export async function benchDoctorOverhead(perRound = 3000, rounds = 5) {
  const upstream = await jsonUpstream()
  const c = await standaloneCapture({ authUrl: upstream.url, baseUrl: upstream.url })
  try {
    const status = await c.capture.start({ mode: 'gateway' })
    const gateway = new URL(status.gateway?.baseUrl as string).origin
    const client = { clientId: c.env.clientId, clientSecret: c.env.clientSecret, token: 'bench-access-token-0123456789' }
    const call = (i: number) => partnerCall(i, client)
    const doctor = new Doctor({ clientId: client.clientId, clientSecret: client.clientSecret })
    const perExchange = async (origin: string) => (await drive(origin, perRound, 8, call)).cpuMs / perRound
    const judged = async () => {
      const stop = c.capture.observe(doctor.observe)
      try {
        return await perExchange(gateway)
      } finally {
        stop()
      }
    }
    await perExchange(upstream.url)
    await perExchange(gateway)
    await judged()
    const direct: number[] = []
    const without: number[] = []
    const withDoctor: number[] = []
    for (let r = 0; r < rounds; r++) {
      // Rotating the order so load from elsewhere hits all three alike.
      const steps = [
        async () => direct.push(await perExchange(upstream.url)),
        async () => without.push(await perExchange(gateway)),
        async () => withDoctor.push(await judged()),
      ]
      for (let k = 0; k < 3; k++) await (steps[(r + k) % 3] as () => Promise<number>)()
    }
    const base = median(direct)
    const capture = median(without) - base
    const judging = median(withDoctor) - base
    const card = doctor.scorecard(Number.POSITIVE_INFINITY)
    if (card.internalErrors.count > 0) throw new Error(`the doctor failed on exchanges: ${card.internalErrors.first}`)
    const round = (n: number) => Math.round(n * 1000) / 1000
    return {
      name: `doctor: capture CPU per exchange with a Doctor observing vs without (${rounds}×${perRound} exchanges, ${card.exchanges} judged; direct traffic ${round(base)} ms subtracted)`,
      baseline: round(capture),
      subject: round(judging),
      ratio: Math.round((judging / capture) * 100) / 100,
      goal: '≤ 1.1× the capture’s cost',
      unit: 'ms CPU',
    }
  } finally {
    await c.close()
    await upstream.close()
  }
}
