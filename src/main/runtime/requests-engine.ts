import { RequestsService } from '../engine/requests/requests-service'
import { createExecutorPart, type ExecutorPart, type ExecutorPartOptions } from './executor-part'

/** The requests part of the engine, built on the HTTP client: what the bridge handlers and the CLI use. */
export interface RequestsEngine extends ExecutorPart {
  /** The Requests panel's service: composed sends, resend from a log entry, compare, snippets. */
  service: RequestsService
}

/** Builds the executor part (executor-part.ts) and the Requests workbench on top of it. */
export function createRequestsEngine(o: ExecutorPartOptions): RequestsEngine {
  return withWorkbench(createExecutorPart(o))
}

/** Adds the Requests workbench (composed sends, resend, compare, snippets) to an executor part already built. */
export function withWorkbench(part: ExecutorPart): RequestsEngine {
  return { ...part, service: new RequestsService({ executor: part.executor, log: part.layer.log, quota: part.layer.quota }) }
}
