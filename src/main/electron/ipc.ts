import { ipcMain, type WebContents } from 'electron'
import { channelNames, EVENT_IPC_CHANNEL } from '../../shared/contract'
import type { HandlerRegistry } from '../bridge/registry'
import type { EventBus } from '../engine/core/event-bus'
import { isTrustedSender, type TrustedRenderer } from './sender-guard'

/**
 * Registers every contract channel on ipcMain. Each call is checked against the sender frame before the shared
 * registry validates and dispatches it; an untrusted sender gets a typed `forbidden` error and no handler runs.
 */
export function registerIpc(registry: HandlerRegistry, trusted: TrustedRenderer): () => void {
  for (const name of channelNames) {
    ipcMain.handle(name, (event, payload: unknown) => {
      const frame = event.senderFrame
      if (!isTrustedSender(frame ? { url: frame.url, isMainFrame: frame.parent === null } : null, trusted)) {
        return { ok: false, error: { code: 'forbidden', message: 'This message did not come from the console window.' } }
      }
      return registry.dispatch(name, payload, { transport: 'electron' })
    })
  }
  return () => {
    for (const name of channelNames) ipcMain.removeHandler(name)
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
