import type { Dispatcher } from 'undici'
import type { OAuthFlowState } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import { describeNetworkError } from '../http/network-errors'
import { Agent } from '../http/undici-parts'
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
    await playBrowser(start.authorizeUrl, catcher, o.dispatcher)
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

/**
 * Plays the browser for a server that consents by itself: follows redirects from the authorize URL, keeping cookies
 * (a standard server's login and consent steps use them), until the redirect reaches the catcher, which it calls
 * once. Network failures are described (TLS, proxy, refused), never a bare "fetch failed".
 */
async function playBrowser(authorizeUrl: string, catcher: string, dispatcher: Dispatcher | undefined): Promise<void> {
  // The catcher is on loopback: reached directly, never through the environment's proxy.
  const direct = new Agent()
  try {
    await followToCatcher(new URL(authorizeUrl), new URL(catcher).origin, origin =>
      origin === new URL(catcher).origin ? direct : (dispatcher ?? direct),
    )
  } finally {
    await direct.close()
  }
}

async function followToCatcher(start: URL, catcherOrigin: string, via: (origin: string) => Dispatcher): Promise<void> {
  const jar = new Map<string, string>()
  let current = start
  for (let hop = 0; hop < 12; hop++) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    let response: Dispatcher.ResponseData
    let page: string
    try {
      response = await via(current.origin).request({
        origin: current.origin,
        path: `${current.pathname}${current.search}`,
        method: 'GET',
        headers: { accept: 'text/html,*/*', ...(cookie && current.origin !== catcherOrigin ? { cookie } : {}) },
      })
      page = await response.body.text()
    } catch (error) {
      throw describeNetworkError(error as Error, { url: current, timeoutMs: 30_000 })
    }
    const setCookie = response.headers['set-cookie']
    for (const line of setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]) {
      const pair = line.split(';')[0] ?? ''
      const eq = pair.indexOf('=')
      if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1))
    }
    if (current.origin === catcherOrigin) return
    const status = response.statusCode
    const header = response.headers.location
    const location = Array.isArray(header) ? header[0] : header
    if (!location && status >= 400) {
      const title = pageTitle(page)
      throw new ConsoleError(
        'invalid_request',
        `The authorize endpoint refused the request with ${status}${title ? ` (“${title}”)` : ''} instead of redirecting.`,
        {
          hint: 'This usually means the client_id or the redirect_uri is not registered exactly as sent: open the URL in a browser to read the page, and compare the redirect URI with the registered one.',
        },
      )
    }
    if (!location || status < 300 || status >= 400) {
      throw new ConsoleError(
        'unsupported',
        `The authorize endpoint answered ${status} instead of redirecting: it does not consent by itself.`,
        { hint: 'Run without --auto-consent and sign in in a browser.' },
      )
    }
    current = new URL(location, current)
  }
  throw new ConsoleError('unsupported', 'The authorize endpoint redirected more than 12 times without reaching the redirect URI.', {
    hint: 'Run without --auto-consent and sign in in a browser.',
  })
}

/** `4:05` style countdown text. */
function formatLeft(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}
