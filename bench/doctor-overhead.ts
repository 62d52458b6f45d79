/**
 * What judging costs (issue 21 item 6): the capture's per-exchange CPU cost with and without a Doctor observing, on
 * the same traffic (bearer listings and HMAC-signed exports, every signature fresh) to an upstream answering at once.
 * The capture's cost is the process's CPU per exchange through the gateway minus the same traffic sent directly
 * (client and upstream alone). Each round measures the three arms back to back, every order of them equally often;
 * the row takes medians of differences within a round (without − direct: the capture; with − without: what judging
 * adds), so load from elsewhere that drifts between rounds cancels instead of landing on one arm, and the small
 * difference the goal is about is never the difference of two independent medians. Goal: with ≤ 1.1× without.
 *
 *   npm run bench -- doctor-overhead
 */
import { Doctor } from '../src/main/engine/doctor/doctor'
import { standaloneCapture } from '../test/support/standalone-capture'
import { median } from './support/alternating'
import { drive, jsonUpstream, partnerCall } from './support/capture-traffic'

/** Every order of the three arms (direct, without, with), so none always follows another. */
const ORDERS = [
  [0, 1, 2],
  [1, 2, 0],
  [2, 0, 1],
  [0, 2, 1],
  [2, 1, 0],
  [1, 0, 2],
]

/** The q-th quartile of sorted values (nearest rank). */
const quartile = (sorted: number[], q: number) => sorted[Math.floor(((sorted.length - 1) * q) / 4)] as number

/** The row: the capture's CPU per exchange with the doctor observing, against without. */
export async function benchDoctorOverhead(perRound = 1500, rounds = 18) {
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
      const steps = [
        async () => direct.push(await perExchange(upstream.url)),
        async () => without.push(await perExchange(gateway)),
        async () => withDoctor.push(await judged()),
      ]
      for (const k of ORDERS[r % ORDERS.length] as number[]) await (steps[k] as () => Promise<number>)()
    }
    const base = median(direct)
    const capture = median(without.map((w, r) => w - (direct[r] as number)))
    const added = withDoctor.map((j, r) => j - (without[r] as number)).sort((a, b) => a - b)
    const judging = capture + median(added)
    const card = doctor.scorecard(Number.POSITIVE_INFINITY)
    if (card.internalErrors.count > 0) throw new Error(`the doctor failed on exchanges: ${card.internalErrors.first}`)
    const round = (n: number) => Math.round(n * 1000) / 1000
    return {
      name: `doctor: capture CPU per exchange with a Doctor observing vs without (${rounds}×${perRound} exchanges per arm, ${card.exchanges} judged; direct traffic ${round(base)} ms subtracted; medians of in-round differences, judging adds ${median(added).toFixed(4)} ms, quartiles ${quartile(added, 1).toFixed(4)} to ${quartile(added, 3).toFixed(4)})`,
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
