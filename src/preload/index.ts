import { contextBridge, ipcRenderer } from 'electron'
import { buildApi } from '../shared/contract/build-api'
import { EVENT_IPC_CHANNEL, type EventMessage, type EventName } from '../shared/contract'

type Listener = (payload: unknown) => void
const listeners = new Map<EventName, Set<Listener>>()

ipcRenderer.on(EVENT_IPC_CHANNEL, (_event, message: EventMessage) => {
  for (const listener of listeners.get(message.name) ?? []) listener(message.payload)
})

/**
 * The narrow, domain-grouped bridge: `api.app.info({})`, `api.on('app:heartbeat', fn)` returning its unsubscribe.
 * Only contract channels exist on it; raw ipcRenderer is never exposed.
 */
const api = buildApi(
  (channel, payload) => ipcRenderer.invoke(channel, payload),
  (name, listener) => {
    let set = listeners.get(name)
    if (!set) {
      set = new Set()
      listeners.set(name, set)
    }
    set.add(listener)
    return () => set.delete(listener)
  },
)

contextBridge.exposeInMainWorld('api', api)
