import {
  type BridgeError,
  type BridgeResult,
  type ChannelName,
  channels,
  isChannelName,
  type ParsedRequestOf,
  type ResponseOf,
} from '../../shared/contract'
import { ConsoleError } from '../engine/core/console-error'
import { redactStrings } from '../engine/core/redact-deep'
import { issuesInWords } from './issue-words'

/**
 * Who is calling and whether they still want the answer: the transport (for handlers that must behave differently,
 * e.g. who opens a browser) and the call's signal, aborted when the renderer cancels (a cancel message on either
 * transport) or goes away. Handlers pass the signal to the engine; it is the only cancellation type there is.
 */
interface CallContext {
  transport: 'electron' | 'web'
  signal: AbortSignal
}

/** What a transport passes to dispatch: a call without a signal (tests, the CLI) is never cancelled. */
type Caller = Pick<CallContext, 'transport'> & { signal?: AbortSignal }

const NEVER_ABORTED = new AbortController().signal

type Handler<C extends ChannelName> = (request: ParsedRequestOf<C>, context: CallContext) => Promise<ResponseOf<C>> | ResponseOf<C>

/** Scrubs known secret values out of any text that may leave the main process (error messages included). */
type RedactText = (text: string) => string

const MAX_ISSUES = 10

/**
 * The one set of handlers both transports call. `handle(channel, fn)` pairs a contract channel with an engine
 * function; `dispatch` validates the payload with the channel's zod schema before the handler runs and turns every
 * failure into a typed `BridgeError` value: never a raw stack, never an unredacted secret.
 * Transport checks (sender frame, session token, Origin) happen before dispatch, in the transport.
 */
/**
 * Sees every validated request before its handler and every answer after it (presenter mode: refuse reveals, mask
 * answers). One at most; absent = requests and answers pass unchanged.
 */
interface BridgeInterceptor {
  check(channel: ChannelName, request: unknown): void
  answer<T>(channel: ChannelName, value: T): T
}

export class HandlerRegistry {
  private readonly handlers = new Map<ChannelName, Handler<ChannelName>>()
  private interceptor: BridgeInterceptor | null = null

  constructor(private readonly redact: RedactText = t => t) {}

  handle<C extends ChannelName>(channel: C, fn: Handler<C>): void {
    if (this.handlers.has(channel)) throw new Error(`Handler for ${channel} registered twice`)
    this.handlers.set(channel, fn as unknown as Handler<ChannelName>)
  }

  /** Installs the interceptor (the composition root does, once). */
  intercept(interceptor: BridgeInterceptor): void {
    this.interceptor = interceptor
  }

  has(channel: ChannelName): boolean {
    return this.handlers.has(channel)
  }

  /** Channels of the contract that have no handler yet (a wiring mistake; tested). */
  missing(): ChannelName[] {
    return (Object.keys(channels) as ChannelName[]).filter(c => !this.handlers.has(c))
  }

  async dispatch(channel: unknown, payload: unknown, caller: Caller): Promise<BridgeResult<unknown>> {
    if (!isChannelName(channel)) {
      return fail({
        code: 'unknown_channel',
        message: 'The console asked for an action this side does not know.',
        hint: 'The window and the engine are from different builds: reload the window.',
        details: { channel: describeValue(channel) },
      })
    }
    const handler = this.handlers.get(channel)
    if (!handler) {
      return fail({ code: 'unsupported', message: 'This action is not available in this build of the console.' })
    }
    const parsed = channels[channel].request.safeParse(payload)
    if (!parsed.success) {
      const issues = issuesInWords(parsed.error.issues.slice(0, MAX_ISSUES)).map(i => ({ ...i, message: this.redact(i.message) }))
      return fail({
        code: 'invalid_request',
        message: `Not accepted: ${issues.map(i => i.message).join('; ')}.`,
        hint: 'Correct what is named and try again.',
        details: { issues },
      })
    }
    return this.run(channel, handler, parsed.data as ParsedRequestOf<ChannelName>, caller)
  }

  /**
   * A call from the main process's own code (the CLI's walkthrough) with a request it built itself, already in the
   * parsed form (every default filled in, nothing extra): it skips the zod parse, and with it building the channel's
   * schema, and is otherwise `dispatch` (interceptor, typed errors, redaction). Never for anything a renderer, a web
   * page or a file supplied: those go through `dispatch`.
   */
  async dispatchTrusted<C extends ChannelName>(
    channel: C,
    request: ParsedRequestOf<C>,
    caller: Caller,
  ): Promise<BridgeResult<ResponseOf<C>>> {
    const handler = this.handlers.get(channel)
    if (!handler) return fail({ code: 'unsupported', message: 'This action is not available in this build of the console.' })
    return (await this.run(channel, handler, request as ParsedRequestOf<ChannelName>, caller)) as BridgeResult<ResponseOf<C>>
  }

  private async run(
    channel: ChannelName,
    handler: Handler<ChannelName>,
    request: ParsedRequestOf<ChannelName>,
    caller: Caller,
  ): Promise<BridgeResult<unknown>> {
    try {
      const context: CallContext = { transport: caller.transport, signal: caller.signal ?? NEVER_ABORTED }
      this.interceptor?.check(channel, request)
      const value = await handler(request, context)
      return { ok: true, value: this.interceptor ? this.interceptor.answer(channel, value) : value }
    } catch (error) {
      const e = this.toBridgeError(error, channel)
      return fail(this.interceptor ? this.interceptor.answer(channel, e) : e)
    }
  }

  private toBridgeError(error: unknown, channel: ChannelName): BridgeError {
    if (error instanceof ConsoleError) {
      const e = error.toBridgeError()
      e.message = this.redact(e.message)
      if (e.hint) e.hint = this.redact(e.hint)
      if (e.details !== undefined) e.details = redactStrings(e.details, this.redact)
      return e
    }
    const message = error instanceof Error ? error.message : String(error)
    return {
      code: 'internal',
      message: this.redact(`The action failed unexpectedly: ${message}`),
      details: { channel },
      hint: 'This is a bug in the console. The network log and the terminal output may say more.',
    }
  }
}

function fail(error: BridgeError): BridgeResult<never> {
  return { ok: false, error }
}

function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 80))
  return `of type ${value === null ? 'null' : typeof value}`
}
