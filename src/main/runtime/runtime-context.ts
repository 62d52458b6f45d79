import type { TransportKind } from '../../shared/contract'
import type { HandlerRegistry } from '../bridge/registry'
import type { EventBus } from '../engine/core/event-bus'
import type { EnvironmentProvider, SendHttp, TokenProvider } from '../engine/core/ports'
import type { SecretRegistry } from '../engine/core/secret-registry'
import type { EmbeddedWindowOpener } from '../engine/oauth/embedded-window-port'
import type { ClockSkewEstimator } from '../engine/signing/clock-skew'
import type { SecretCipher } from '../engine/vault/secret-cipher'
import type { EmbeddedSandbox } from './embedded-sandbox'

/**
 * What each domain's wiring receives and fills in. Wiring runs in order (requests, then auth, then signing) and
 * each step may add the services the later ones use; `closers` run in reverse at shutdown.
 */
export interface RuntimeContext {
  transport: TransportKind
  dataDir: string
  cipher: SecretCipher
  bus: EventBus
  secrets: SecretRegistry
  registry: HandlerRegistry
  sandbox: EmbeddedSandbox | null
  openExternal?: (url: string) => Promise<void>
  /** Opens the isolated embedded authorization window (Electron only; absent in the web host and CLI). */
  embeddedWindow?: EmbeddedWindowOpener
  services: {
    sendHttp?: SendHttp
    environments?: EnvironmentProvider
    tokens?: TokenProvider
    /** Server clock offset from Date headers (signing owns it; the executor feeds it every response). */
    clockSkew?: ClockSkewEstimator
  }
  closers: Array<() => Promise<void> | void>
}
