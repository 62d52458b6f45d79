import { BridgeCallError } from '../../../shared/contract/errors'
import type {
  BridgeApi,
  ChannelCall,
  ChannelName,
  EventName,
  EventPayloads,
  RequestOf,
  ResponseOf,
  TransportKind,
} from '../../../shared/contract/index'
import { maskPresenterValue } from '../../../shared/presenter-mask'
import { useConnectionStore } from '../stores/connection-store'
import { usePresenterStore } from '../stores/presenter-store'
import { afterFirstPaint } from './after-first-paint'
import { createWebClient } from './web-client'

/**
 * The only module of the renderer that touches the transport: `window.api` in the desktop app, the WebSocket client
 * in a browser. Everything else calls `invoke()` (mostly through react-query, which hands it its signal) and `on()`.
 * The socket opens after the first paint: the first screen needs no answer, and the web host starts its engine when
 * the page connects, so neither competes with the page's first render.
 */
const transport: TransportKind = window.api ? 'electron' : 'web'
const api: BridgeApi =
  window.api ??
  createWebClient(
    state => useConnectionStore.getState().setState(state),
    upload => useConnectionStore.getState().setUpload(upload),
    afterFirstPaint(),
  )
if (transport === 'electron') useConnectionStore.getState().setState('open')

export const bridgeTransport = transport

/** Fields the page uses without showing (the popup's real authorize URL in presenter mode). */
const UNSHOWN = new Set(['popupUrl'])

/** Presenter mode's second masking: whatever the engine answered, nothing revealing reaches a screen. */
function forScreen<T>(value: T): T {
  return usePresenterStore.getState().on ? maskPresenterValue(value, UNSHOWN) : value
}

api.on('app:presenter', p => usePresenterStore.getState().set(p.presenter))

interface InvokeOptions {
  /** Aborting it cancels the call on the other side (a cancel message on either transport) and rejects with `cancelled`. */
  signal?: AbortSignal
}

function channelCall<C extends ChannelName>(channel: C): ChannelCall<C> | undefined {
  const i = channel.indexOf(':')
  const group: Record<string, ChannelCall<C> | undefined> | undefined = Reflect.get(api, channel.slice(0, i))
  return group?.[channel.slice(i + 1)]
}

/**
 * The page stopped waiting. Whether the other side had already acted (a request sent, a file written) is not known
 * here, so the message does not claim "not sent"; the network log says what left.
 */
function cancelledError(): BridgeCallError {
  return new BridgeCallError({
    code: 'cancelled',
    message: 'Stopped waiting for the answer.',
    hint: 'If it had already left, the server may have acted on it: the network log shows what was sent.',
  })
}

/**
 * Calls a channel; resolves with its value or rejects with a `BridgeCallError` carrying code, message and hint. When
 * `signal` aborts, the transport sends a cancel message so the engine stops the work (the handler's signal aborts),
 * and the call rejects with `cancelled` at once.
 */
export function invoke<C extends ChannelName>(channel: C, request: RequestOf<C>, options: InvokeOptions = {}): Promise<ResponseOf<C>> {
  const fn = channelCall(channel)
  if (!fn) {
    return Promise.reject(
      new BridgeCallError({
        code: 'unknown_channel',
        message: 'This action is not available here.',
        hint: 'Reload the window.',
        details: { channel },
      }),
    )
  }
  const { signal } = options
  if (signal?.aborted) return Promise.reject(cancelledError())
  const answered = fn(request, signal ? cancel => signal.addEventListener('abort', () => cancel(), { once: true }) : undefined)
  const result = answered.then(r => {
    if (!r.ok) throw new BridgeCallError(forScreen(r.error))
    if (channel === 'app:info') usePresenterStore.getState().set((r.value as ResponseOf<'app:info'>).presenter === true)
    return forScreen(r.value)
  })
  if (!signal) return result
  return new Promise<ResponseOf<C>>((resolve, reject) => {
    signal.addEventListener('abort', () => reject(cancelledError()), { once: true })
    result.then(resolve, reject)
  })
}

/** Subscribes to an engine event, its payload typed by the name; returns the unsubscribe. */
export function on<E extends EventName>(name: E, listener: (payload: EventPayloads[E]) => void): () => void {
  return api.on(name, payload => listener(forScreen(payload)))
}
