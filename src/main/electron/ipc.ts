import { type IpcMainEvent, type IpcMainInvokeEvent, ipcMain, type WebContents } from 'electron'
// The zod-free modules of the contract: the main process registers its channels before the engine (and zod) loads.
import { CHANNEL_NAMES as channelNames } from '../../shared/contract/channel-names'
import { CANCEL_IPC_CHANNEL, EVENT_IPC_CHANNEL } from '../../shared/contract/transport'
import type { HandlerRegistry } from '../bridge/registry'
import type { EventBus } from '../engine/core/event-bus'
import { isTrustedSender, type TrustedRenderer } from './sender-guard'

type SenderEvent = Pick<IpcMainInvokeEvent | IpcMainEvent, 'senderFrame' | 'sender'>

function trusted(event: SenderEvent, renderer: TrustedRenderer): boolean {
  const frame = event.senderFrame
  return isTrustedSender(frame ? { url: frame.url, isMainFrame: frame.parent === null } : null, renderer)
}

/**
 * Registers every contract channel on ipcMain. Each call is checked against the sender frame before the shared
 * registry validates and dispatches it; an untrusted sender gets a typed `forbidden` error and no handler runs.
 * A call made with a call id can be cancelled: the preload sends `bridge:cancel` with that id when the renderer's
 * signal aborts, and the handler's signal aborts (cancel messages are sender-checked too, and only reach that
 * sender's own calls).
 */
export function registerIpc(registry: Pick<HandlerRegistry, 'dispatch'>, renderer: TrustedRenderer): () => void {
  const running = new Map<string, AbortController>()
  const keyOf = (event: SenderEvent, callId: unknown) =>
    typeof callId === 'number' && Number.isSafeInteger(callId) ? `${event.sender.id}:${callId}` : null

  for (const name of channelNames) {
    ipcMain.handle(name, async (event, payload: unknown, callId?: unknown) => {
      if (!trusted(event, renderer)) {
        return { ok: false, error: { code: 'forbidden', message: 'This message did not come from the console window.' } }
      }
      const controller = new AbortController()
      const key = keyOf(event, callId)
      if (key) running.set(key, controller)
      try {
        return await registry.dispatch(name, payload, { transport: 'electron', signal: controller.signal })
      } finally {
        if (key && running.get(key) === controller) running.delete(key)
      }
    })
  }
  const onCancel = (event: IpcMainEvent, callId: unknown) => {
    if (!trusted(event, renderer)) return
    const key = keyOf(event, callId)
    if (key) running.get(key)?.abort()
  }
  ipcMain.on(CANCEL_IPC_CHANNEL, onCancel)
  return () => {
    for (const name of channelNames) ipcMain.removeHandler(name)
    ipcMain.removeListener(CANCEL_IPC_CHANNEL, onCancel)
    for (const controller of running.values()) controller.abort()
  }
}

/** Forwards engine events to a window until it is destroyed. */
export function forwardEvents(bus: EventBus, contents: WebContents): () => void {
  const unsubscribe = bus.subscribe(message => {
    if (!contents.isDestroyed()) contents.send(EVENT_IPC_CHANNEL, message)
  })
  contents.once('destroyed', unsubscribe)
  return unsubscribe
}
