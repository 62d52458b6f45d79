import { contextBridge, ipcRenderer } from 'electron'
import { buildApi } from '../shared/contract/build-api'
import { EventHub } from '../shared/contract/event-hub'
import type { EventMessage } from '../shared/contract/index'
import { CANCEL_IPC_CHANNEL, EVENT_IPC_CHANNEL } from '../shared/contract/transport'

// Zod-free on purpose: the channel names come from channel-names.ts, not from the schemas.
const events = new EventHub()
ipcRenderer.on(EVENT_IPC_CHANNEL, (_event, message: EventMessage) => events.deliver(message))

let nextCallId = 1

/**
 * The narrow, domain-grouped bridge: `api.app.info({})`, `api.on('app:heartbeat', fn)` returning its unsubscribe.
 * Only contract channels exist on it; raw ipcRenderer is never exposed. Every call carries a call id, and the
 * renderer's cancel step sends `bridge:cancel` with it, so main aborts that call's handler.
 */
const api = buildApi(
  (channel, payload, onCancel) => {
    const callId = nextCallId++
    onCancel?.(() => ipcRenderer.send(CANCEL_IPC_CHANNEL, callId))
    return ipcRenderer.invoke(channel, payload, callId)
  },
  (name, listener) => events.on(name, listener),
)

contextBridge.exposeInMainWorld('api', api)
