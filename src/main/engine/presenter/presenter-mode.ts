import type { ChannelName, EventMessage } from '../../../shared/contract'
import { maskPresenterValue } from '../../../shared/presenter-mask'
import { ConsoleError } from '../core/console-error'
import type { SecretRegistry } from '../core/secret-registry'

/** Requests that put a secret on the screen or in a file: refused while presenting, whatever the UI shows. */
const REVEALING: Partial<Record<ChannelName, (request: Record<string, unknown>) => boolean>> = {
  'environments:revealSecret': () => true,
  'oauth:revealToken': () => true,
  'environments:saveFile': r => r.includeSecrets === true,
  'log:saveHar': r => r.includeSecrets === true,
  'log:curl': r => r.redacted === false,
}

/** Fields passed through unmasked: the popup's address, which the page needs to navigate and never shows. */
const KEEP = new Set(['popupUrl'])

/**
 * Presenter mode in the engine: one switch, read at the bridge. While it is on, every answer and every event leaving
 * the engine is masked (src/shared/presenter-mask.ts, after the known secrets are redacted), and the requests that
 * would reveal a secret are refused with a ConsoleError, so no screen and no transport can get one by mistake.
 */
export class PresenterMode {
  private on: boolean

  constructor(
    private readonly deps: { secrets: SecretRegistry; sandboxUrl: string | null; onChange: (presenter: boolean) => void },
    initial = false,
  ) {
    this.on = initial
  }

  get enabled(): boolean {
    return this.on
  }

  /** Turns it on or off and tells every window. */
  set(presenter: boolean): { presenter: boolean } {
    if (this.on !== presenter) {
      this.on = presenter
      this.deps.onChange(presenter)
    }
    return { presenter }
  }

  /** Refuses a revealing request while presenting (called before the handler runs). */
  check(channel: ChannelName, request: unknown): void {
    if (!this.on) return
    const reveals = REVEALING[channel]
    if (reveals?.((request ?? {}) as Record<string, unknown>)) {
      throw new ConsoleError('forbidden', 'Presenter mode is on: secrets cannot be revealed or exported now.', {
        hint: 'Turn presenter mode off (status bar, or the command palette) when nobody is watching, then try again.',
        details: { reason: 'presenter_mode', channel },
      })
    }
  }

  /** An answer as it may leave the engine (unchanged when not presenting). */
  answer<T>(channel: ChannelName, value: T): T {
    if (!this.on) return value
    let out = value
    if (channel === 'oauth:start') out = this.withPopupUrl(out)
    return maskPresenterValue(this.deps.secrets.redactDeep(out), KEEP)
  }

  /** An event as it may leave the engine for the windows (unchanged when not presenting). */
  event(message: EventMessage): EventMessage {
    if (!this.on) return message
    return { name: message.name, payload: maskPresenterValue(this.deps.secrets.redactDeep(message.payload)) } as EventMessage
  }

  /**
   * The start of a flow keeps the real authorize URL in `popupUrl` for the page to navigate its popup (only the masked
   * `authorizeUrl` is shown); on the built-in sandbox it asks for the large sign-in and consent pages (`presenter=1`).
   */
  private withPopupUrl<T>(value: T): T {
    const start = value as { authorizeUrl?: unknown }
    if (typeof start.authorizeUrl !== 'string') return value
    let popupUrl = start.authorizeUrl
    if (this.deps.sandboxUrl && popupUrl.startsWith(`${this.deps.sandboxUrl}/`))
      popupUrl += `${popupUrl.includes('?') ? '&' : '?'}presenter=1`
    return { ...value, popupUrl }
  }
}
