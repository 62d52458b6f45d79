import type { EventBus } from '../engine/core/event-bus'
import type { EnvironmentProvider, TokenProvider } from '../engine/core/ports'
import type { SecretRegistry } from '../engine/core/secret-registry'
import { LogFormats } from '../engine/har/log-formats'
import { RequestExecutor } from '../engine/http/executor'
import { TypedEndpoints } from '../engine/http/typed-endpoints'
import type { SignatureClaims } from '../engine/http/used-signatures'
import { RequestsService } from '../engine/requests/requests-service'
import type { HttpClientLayer } from './http-client-layer'

interface RequestsEngineOptions {
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

/** The requests part of the engine, built on the HTTP client: what the bridge handlers and the CLI use. */
export interface RequestsEngine {
  /** The HTTP client layer it was built on (log, quota ledger, dispatchers, close). */
  layer: HttpClientLayer
  executor: RequestExecutor
  endpoints: TypedEndpoints
  formats: LogFormats
  /** The Requests panel's service: composed sends, resend from a log entry, compare, snippets. */
  service: RequestsService
}

/**
 * Builds the executor (auth, retries, `http:retrying` on the bus) over the HTTP client, with the environments and the
 * tokens it signs and authorizes with, then the typed endpoints, the exports and the workbench on top of it.
 */
export function createRequestsEngine(o: RequestsEngineOptions): RequestsEngine {
  const { client, log, quota, redactor } = o.layer
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
    service: new RequestsService({ executor, log, quota }),
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
