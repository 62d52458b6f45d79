import { create } from 'zustand'
import type { UploadProgress } from '../bridge/upload-strings'
import type { ConnectionState } from '../bridge/web-client'

interface ConnectionStore {
  state: ConnectionState
  setState(state: ConnectionState): void
  /** A file being sent to the web host (bytes sent of all), null when none is (always null in the desktop app). */
  upload: UploadProgress
  setUpload(upload: UploadProgress): void
}

/** Whether the bridge is connected (always open in the desktop app; the web client reports its socket and uploads). */
export const useConnectionStore = create<ConnectionStore>(set => ({
  state: 'connecting',
  setState: state => set({ state }),
  upload: null,
  setUpload: upload => set({ upload }),
}))
