/// <reference types="vite/client" />
import type { BridgeApi } from '../../shared/contract'

declare global {
  interface Window {
    /** Present in the desktop app (preload); absent in a browser, where the web client is used instead. */
    api?: BridgeApi
  }
}
