import type { EventBus } from '../engine/core/event-bus'
import type { EnvironmentProvider, TokenProvider } from '../engine/core/ports'
import type { SecretRegistry } from '../engine/core/secret-registry'
import { LogFormats } from '../engine/har/log-formats'
import { RequestExecutor } from '../engine/http/executor'
import { TypedEndpoints } from '../engine/http/typed-endpoints'
import type { SignatureClaims } from '../engine/http/used-signatures'
import type { HttpClientLayer } from './http-client-layer'

export interface ExecutorPartOptions {
  layer: HttpClientLayer
  bus: EventBus
  secrets: SecretRegistry
  environments: EnvironmentProvider
  tokens: TokenProvider
  signingTimestamp: () => number
  creator: { name: string; version: string }
  maxAutoRetryWaitMs?: number
  /** Signatures sent by other processes on the same data folder (see used-signatures.ts). */
  sentSignatures?: SignatureClaims
}

/** The executor and what sits directly on it: every typed call of the API, and the log's HAR and cURL exports. */
export interface ExecutorPart {
  /** The HTTP client layer it was built on (log, quota ledger, dispatchers, close). */
  layer: HttpClientLayer
  executor: RequestExecutor
  endpoints: TypedEndpoints
  formats: LogFormats
}

/**
 * Builds the executor (auth, retries, `http:retrying` on the bus) over the HTTP client, with the environments and the
 * tokens it signs and authorizes with, then the typed endpoints and the log's exports: all the walkthrough sends
 * with, and nothing of the Requests workbench (requests-engine.ts adds it), so a command that needs only these loads
 * only these.
 */
export function createExecutorPart(o: ExecutorPartOptions): ExecutorPart {
  const { client, log, redactor } = o.layer
  const executor = new RequestExecutor({
    client,
    redactor,
    secrets: o.secrets,
    environments: o.environments,
    tokens: o.tokens,
    signingTimestamp: o.signingTimestamp,
    onRetrying: event => o.bus.emit('http:retrying', event),
    maxAutoRetryWaitMs: o.maxAutoRetryWaitMs,
    sentSignatures: o.sentSignatures,
  })
  return {
    layer: o.layer,
    executor,
    endpoints: new TypedEndpoints(executor),
    formats: new LogFormats({
      log,
      redactor,
      secrets: o.secrets,
      creator: o.creator,
      environments: o.environments,
      tokens: o.tokens,
      signingTimestamp: o.signingTimestamp,
    }),
  }
}
