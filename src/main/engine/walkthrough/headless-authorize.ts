import type { OAuthFlowState } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import type { WalkthroughOptions } from './walkthrough-types'

const DONE_STEPS = new Set(['callback-received', 'exchanging', 'done'])
const FAILED_STEPS = new Set(['failed', 'denied'])

/** Follows the flow's `oauth:flow` events from before it starts, so no step is missed. */
export class FlowWatcher {
  private readonly states: OAuthFlowState[] = []
  private readonly waiters = new Set<() => void>()
  private readonly unsubscribe: () => void

  private readonly signal?: AbortSignal

  constructor(o: Pick<WalkthroughOptions, 'events' | 'envId' | 'signal'>) {
    this.signal = o.signal
    o.signal?.addEventListener('abort', () => {
      for (const wake of this.waiters) wake()
    })
    this.unsubscribe = o.events(message => {
      if (message.name !== 'oauth:flow') return
      const state = message.payload
      if (state.envId !== o.envId) return
      this.states.push(state)
      for (const wake of this.waiters) wake()
    })
  }

  /** Resolves with the first state of `flowId` that matches, rejects on failure, denial or timeout. */
  async until(
    flowId: string,
    wanted: (step: string) => boolean,
    timeoutMs: number,
    onTick?: (leftMs: number) => void,
    tickMs = 15_000,
  ): Promise<OAuthFlowState> {
    const deadline = Date.now() + timeoutMs
    let nextTick = Date.now() + tickMs
    for (;;) {
      if (this.signal?.aborted) throw new ConsoleError('cancelled', 'The walkthrough was interrupted.')
      for (const s of this.states) {
        if (s.flowId !== flowId) continue
        if (FAILED_STEPS.has(s.step)) {
          throw new ConsoleError(s.step === 'denied' ? 'forbidden' : 'unauthorized', s.failure?.message ?? `The authorization ${s.step}.`, {
            hint: s.failure?.hint,
          })
        }
        if (wanted(s.step)) return s
      }
      const now = Date.now()
      if (now >= deadline) {
        throw new ConsoleError('timeout', `No callback arrived within ${Math.round(timeoutMs / 1000)} s.`, {
          hint: 'Open the URL, sign in and allow access before the countdown ends, or raise --timeout.',
        })
      }
      if (onTick && now >= nextTick) {
        onTick(deadline - now)
        nextTick = now + tickMs
      }
      await new Promise<void>(resolve => {
        const wake = () => {
          clearTimeout(timer)
          this.waiters.delete(wake)
          resolve()
        }
        const timer = setTimeout(wake, Math.min(1000, Math.max(10, deadline - now)))
        this.waiters.add(wake)
      })
    }
  }

  close(): void {
    this.unsubscribe()
  }
}

/**
 * Step 1: starts a loopback authorization and gets the code to the catcher. When the server consents by itself (the
 * sandbox's auto-consent) it plays the browser: GET the authorize URL, then GET the redirect it answers with, which
 * lands on the catcher. Otherwise a person must sign in: it prints the URL (and opens it when asked), then waits for
 * the callback with a countdown.
 */
export async function authorizeHeadless(o: WalkthroughOptions, watcher: FlowWatcher): Promise<{ flowId: string; catcher: string }> {
  const start = await o.call('oauth:start', { envId: o.envId, mode: 'loopback', timeoutSeconds: o.authorizeTimeoutSeconds })
  const catcher = start.listeningOn ?? start.redirectUri
  if (o.autoConsent) {
    const first = await fetch(start.authorizeUrl, { redirect: 'manual' })
    const page = await first.text()
    const location = first.headers.get('location')
    if (!location && first.status >= 400) {
      const title = pageTitle(page)
      throw new ConsoleError(
        'invalid_request',
        `The authorize endpoint refused the request with ${first.status}${title ? ` (“${title}”)` : ''} instead of redirecting.`,
        {
          hint: 'This usually means the client_id or the redirect_uri is not registered exactly as sent: open the URL in a browser to read the page, and compare the redirect URI with the registered one.',
        },
      )
    }
    if (!location) {
      throw new ConsoleError(
        'unsupported',
        `The authorize endpoint answered ${first.status} instead of redirecting: it does not consent by itself.`,
        {
          hint: 'Run without --auto-consent and sign in in a browser.',
        },
      )
    }
    const callback = await fetch(new URL(location, start.authorizeUrl), { redirect: 'manual' })
    await callback.arrayBuffer()
  } else {
    o.progress.note(`Open this URL in a browser, sign in and allow access:`)
    o.progress.note(`  ${start.authorizeUrl}`)
    o.progress.note(`Waiting for the redirect on ${catcher} (${formatLeft(o.authorizeTimeoutSeconds * 1000)} left)…`)
    if (o.openUrl) await o.openUrl(start.authorizeUrl)
  }
  await watcher.until(
    start.flowId,
    step => DONE_STEPS.has(step),
    o.authorizeTimeoutSeconds * 1000 + 2000,
    left => o.progress.note(`Still waiting for the redirect… ${formatLeft(left)} left`),
    (o.countdownEverySeconds ?? 15) * 1000,
  )
  return { flowId: start.flowId, catcher }
}

/** The text of an HTML page's <title>, trimmed and short, for an error message. */
function pageTitle(html: string): string | null {
  const m = /<title>([^<]{1,200})<\/title>/i.exec(html)
  return m?.[1] ? m[1].trim() : null
}

/** `4:05` style countdown text. */
export function formatLeft(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}
