import { create } from 'zustand'
import type { ConnectionState } from '../bridge/web-client'

interface ConnectionStore {
  state: ConnectionState
  setState(state: ConnectionState): void
}

/** Whether the bridge is connected (always open in the desktop app; the web client reports its socket). */
export const useConnectionStore = create<ConnectionStore>(set => ({
  state: 'connecting',
  setState: state => set({ state }),
}))
