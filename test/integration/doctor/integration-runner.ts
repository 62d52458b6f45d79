import { execFile } from 'node:child_process'
import { Doctor, type Scorecard } from '../../../src/main/engine/doctor/doctor'
import type { DrillName } from '../../../src/main/engine/doctor/drills/drill-catalogue'
import { type DrillOutcome, DrillRunner, type SandboxClockPort } from '../../../src/main/engine/doctor/drills/drill-runner'
import type { RuleId } from '../../../src/main/engine/doctor/rule-catalogue'
import type { SandboxControl } from '../../../src/main/engine/sandbox-control/sandbox-control'
import type { RunningSandbox } from '../../../src/sandbox'
import { CaptureRecorder } from '../../support/capture-recorder'

// The console's SandboxControl is the production port: this line fails to compile if it stops fitting.
export type ControlFits = SandboxControl extends SandboxClockPort ? true : never
const fits: ControlFits = true
void fits

export const REDIRECT = 'http://127.0.0.1:9/callback'

/** The mistake each fixture makes, and the one rule the doctor must fail for it (none for the correct one). */
export const EXPECTED: Array<[string, RuleId | null]> = [
  ['correct', null],
  ['path-not-lowercased', 'signing.signature'],
  ['milliseconds', 'signing.timestamp-seconds'],
  ['query-in-signed-path', 'signing.signature'],
  ['null-body', 'signing.body'],
  ['reused-signature', 'signing.fresh-signature'],
  ['no-state', 'authorization.state'],
  ['reauthorize-on-401', 'tokens.refresh-on-expiry'],
  ['ignore-retry-after', 'limits.retry-after'],
  ['refresh-storm', 'tokens.single-refresh'],
]

/** Moves the sandbox clock through its operator API, as the console's SandboxControl does. */
function operatorClock(sb: RunningSandbox): SandboxClockPort {
  return {
    async clock(change) {
      const res = await fetch(`${sb.url}/_sandbox/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sandbox-admin-token': sb.adminToken },
        body: JSON.stringify(change),
      })
      if (!res.ok) throw new Error(`the sandbox refused the clock change: ${res.status}`)
      return res.json()
    },
  }
}

let serial = 0

/**
 * Runs one partner integration (a command) through a recorder in front of the sandbox, with the doctor observing and
 * the token-expiry and 429 drills playing, and returns the final scorecard and what the drills saw.
 */
export async function runThroughDoctor(
  sb: RunningSandbox,
  command: string,
  args: string[],
  plan: { drills: DrillName[]; onSandbox: boolean } = { drills: ['token-expiry', 'rate-limit-retry-after'], onSandbox: true },
): Promise<{ card: Scorecard; drills: DrillOutcome[]; output: string; failed: RuleId[]; warned: RuleId[] }> {
  serial++
  const clientId = `doctor-fixture-${process.pid}-${serial}`
  const clientSecret = `secret-${serial}-${Math.random().toString(36).slice(2)}`
  sb.registerClient({ clientId, clientSecret, redirectUris: [REDIRECT] })
  const drills = new DrillRunner(plan.drills, {
    retryAfterSeconds: 1,
    slowMs: 300,
    ...(plan.onSandbox ? { sandboxClock: operatorClock(sb) } : {}),
  })
  // The doctor judges skew against the sandbox clock as the drills moved it.
  const doctor = new Doctor({ clientId, clientSecret, registeredRedirectUris: [REDIRECT], clock: drills.clock })
  const recorder = await CaptureRecorder.start(sb.url, [doctor.observe, drills.observe], drills)
  try {
    const output = await new Promise<string>(resolve => {
      execFile(
        command,
        args,
        {
          env: {
            ...process.env,
            PARTNER_AUTH_URL: recorder.url,
            PARTNER_BASE_URL: recorder.url,
            PARTNER_CLIENT_ID: clientId,
            PARTNER_CLIENT_SECRET: clientSecret,
            PARTNER_REDIRECT_URI: REDIRECT,
          },
          timeout: 60_000,
        },
        (error, stdout, stderr) => resolve(`${stdout}${stderr}${error ? `\nexit: ${error.message}` : ''}`),
      )
    })
    await drills.close()
    const card = doctor.scorecard(Number.POSITIVE_INFINITY)
    const by = (v: string) => card.rules.filter(r => r.verdict === v).map(r => r.id)
    return { card, drills: drills.results(), output, failed: by('fail'), warned: by('warning') }
  } finally {
    await recorder.close()
  }
}
