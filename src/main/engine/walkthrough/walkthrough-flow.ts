import type { PartnerLocation } from '../../../shared/contract'
import { SEND_DEFAULTS } from '../../../shared/contract/http'
import { ConsoleError } from '../core/console-error'
import { authorizeHeadless, FlowWatcher } from './headless-authorize'
import type { StepResult, WalkthroughOptions, WalkthroughReport } from './walkthrough-types'

const TOTAL = 6

/** A step's work: resolves with the detail for the progress line, or `{ skipped }` with the reason. */
type StepBody = () => Promise<string | { skipped: string }>

/**
 * The whole demo flow, headless, against one environment: authorize (loopback catch), token exchange, list locations,
 * install at one, export its tickets (HMAC), and write the sanitized HAR of everything that was sent. Each step
 * reports a progress line; after a failure the remaining API steps are skipped but the HAR is still written (it is
 * what shows why). Everything goes through the bridge, exactly as the UI would drive it.
 */
export async function runWalkthrough(o: WalkthroughOptions): Promise<WalkthroughReport> {
  const steps: StepResult[] = []
  let failed = false
  const step = async (index: number, title: string, body: StepBody, always = false): Promise<void> => {
    if (failed && !always) {
      const skipped: StepResult = { index, total: TOTAL, title, status: 'skipped', ms: 0, detail: 'skipped after an earlier failure' }
      steps.push(skipped)
      o.progress.start(index, TOTAL, title)
      o.progress.finish(skipped)
      return
    }
    o.progress.start(index, TOTAL, title)
    const started = performance.now()
    let result: StepResult
    try {
      const outcome = await body()
      result =
        typeof outcome === 'string'
          ? { index, total: TOTAL, title, status: 'ok', ms: elapsed(started), detail: outcome }
          : { index, total: TOTAL, title, status: 'skipped', ms: 0, detail: outcome.skipped }
    } catch (error) {
      failed = true
      const e = error instanceof ConsoleError ? error : new ConsoleError('internal', (error as Error).message)
      result = {
        index,
        total: TOTAL,
        title,
        status: 'failed',
        ms: elapsed(started),
        detail: e.message,
        error: { code: e.code, message: e.message, hint: e.hint },
      }
    }
    steps.push(result)
    o.progress.finish(result)
  }

  const watcher = new FlowWatcher(o)
  let flowId = ''
  let location: PartnerLocation | undefined
  let har: WalkthroughReport['har'] = null
  try {
    await step(1, 'Authorizing', async () => {
      const auth = await authorizeHeadless(o, watcher)
      flowId = auth.flowId
      return `code caught on ${auth.catcher}${o.autoConsent ? ', auto-consent' : ''}`
    })
    await step(2, 'Exchanging the code for tokens', async () => {
      await watcher.until(flowId, s => s === 'done', 30_000)
      const tokens = await o.call('oauth:tokens', { envId: o.envId })
      const life = tokens.lifetimeSeconds ? `, valid ${Math.round(tokens.lifetimeSeconds / 3600)} h` : ''
      return `${tokens.tokenType ?? 'Bearer'} token${life}, ${tokens.permissions.join(' ') || 'no permissions listed'}`
    })
    await step(3, 'Listing locations', async () => {
      const list = await o.call('http:listLocations', { ...SEND_DEFAULTS, envId: o.envId })
      location = o.locationId === undefined ? list.locations[0] : list.locations.find(l => l.id === o.locationId)
      if (!location) {
        throw new ConsoleError(
          'not_found',
          o.locationId === undefined
            ? 'The merchant has no eligible location.'
            : `Location ${o.locationId} is not among the ${list.locations.length} eligible locations.`,
          {
            hint: o.locationId === undefined ? undefined : `Choose one of: ${list.locations.map(l => l.id).join(', ')}.`,
          },
        )
      }
      return `${list.locations.length} location${list.locations.length === 1 ? '' : 's'}`
    })
    await step(4, 'Installing the integration', async () => {
      const at = location as PartnerLocation
      const result = await o.call('http:install', {
        ...SEND_DEFAULTS,
        envId: o.envId,
        locationId: at.id,
        confirmProduction: o.confirmProduction,
      })
      return `${result.exchange.status} at location ${at.id}, ${at.name}`
    })
    await step(5, 'Exporting tickets (HMAC-signed)', async () => {
      const at = location as PartnerLocation
      const result = await o.call('http:exportTickets', { ...SEND_DEFAULTS, envId: o.envId, locationId: at.id, from: o.from, to: o.to })
      return `${result.tickets.length} ticket${result.tickets.length === 1 ? '' : 's'}, ${o.from} to ${o.to}`
    })
    await step(
      6,
      'Writing the sanitized HAR',
      async () => {
        if (!o.writeHar) return { skipped: 'no --har FILE given' }
        const exported = await o.call('log:saveHar', { includeSecrets: false })
        const path = await o.writeHar(exported.har)
        har = { path, entries: exported.entries }
        return `${exported.entries} entries in ${path}`
      },
      true,
    )
  } finally {
    watcher.close()
  }
  return { ok: !failed, steps, har }
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started)
}
