import type { BridgeErrorCode, ChannelName, EventMessage, ParsedRequestOf, RequestOf, ResponseOf } from '../../../shared/contract'

/** Calls one bridge channel and resolves with its value, or rejects with a ConsoleError (the CLI's "renderer"). */
export type BridgeCall = <C extends ChannelName>(channel: C, payload: RequestOf<C>) => Promise<ResponseOf<C>>

/**
 * Like BridgeCall, for a request the walkthrough builds itself in the parsed form (every default spelled out): the
 * registry skips the zod parse for it (HandlerRegistry.dispatchTrusted).
 */
export type TrustedCall = <C extends ChannelName>(channel: C, payload: ParsedRequestOf<C>) => Promise<ResponseOf<C>>

/** Subscribes to the engine's events; returns the unsubscribe. */
type EventSource = (listener: (message: EventMessage) => void) => () => void

/** The outcome of one step, as printed and as put in the --json report. */
export interface StepResult {
  index: number
  total: number
  title: string
  status: 'ok' | 'failed' | 'skipped'
  ms: number
  /** What the step found, for the progress line: "6 locations". */
  detail: string
  error?: { code: BridgeErrorCode | string; message: string; hint?: string }
}

/** Where progress goes: a step starts, says something while it waits (URL, countdown), ends. */
export interface ProgressReporter {
  start(index: number, total: number, title: string): void
  note(text: string): void
  finish(result: StepResult): void
}

export interface WalkthroughOptions {
  /** Every call the flow makes: its requests are built here, complete (see TrustedCall). */
  call: TrustedCall
  events: EventSource
  /** The environment to run against (never changes which one is active). */
  envId: string
  /** The server answers the authorize URL itself (sandbox auto-consent): fetch it instead of waiting for a person. */
  autoConsent: boolean
  authorizeTimeoutSeconds: number
  locationId?: number
  /** The production guard's typed confirmation, for the install step on an environment marked production. */
  confirmProduction?: string
  from: string
  to: string
  /** Writes the sanitized HAR (step 6); absent = the step is skipped. */
  writeHar?: (text: string) => Promise<string>
  /** Opens the authorize URL for a person (best effort); absent = only printed. */
  openUrl?: (url: string) => Promise<boolean>
  progress: ProgressReporter
  /** Aborts the run (Ctrl-C): the wait for the callback ends at once with ConsoleError('cancelled'). */
  signal?: AbortSignal
  /** How the auto-consent "browser" reaches the authorization server (the environment's CA files and proxy). */
  dispatcher?: import('undici').Dispatcher
  /** Seconds between countdown lines while waiting for the callback (default 15). */
  countdownEverySeconds?: number
}

export interface WalkthroughReport {
  ok: boolean
  steps: StepResult[]
  har: { path: string; entries: number } | null
}
