import { registerEnvironmentsHandlers } from '../bridge/handlers/environments-handlers'
import { registerHttpHandlers } from '../bridge/handlers/http-handlers'
import { registerLogHandlers } from '../bridge/handlers/log-handlers'
import { registerOAuthHandlers } from '../bridge/handlers/oauth-handlers'
import { registerSandboxHandlers } from '../bridge/handlers/sandbox-handlers'
import type { HandlerRegistry } from '../bridge/registry'
import type { EventBus } from '../engine/core/event-bus'
import type { SecretRegistry } from '../engine/core/secret-registry'
import type { EnvironmentRepository } from '../engine/environments/environment-repository'
import type { DispatcherPool } from '../engine/http/network-dispatcher'
import { buildCore, type CoreOptions } from './build-core'
import type { DataFolderLock } from './data-folder-lock'

interface WalkRuntimeOptions extends CoreOptions {
  /** The data folder's lock, taken by the caller before anything touched the folder; released in `close()`. */
  dataFolderLock: DataFolderLock
  /** Also the repro bundles (`bundle:write`), recording the token lifecycle from the start (walkthrough --bundle). */
  bundles?: boolean
}

/** What the headless walkthrough drives: the bridge calls it makes, the events it follows, and a way to stop. */
export interface WalkRuntime {
  readonly registry: HandlerRegistry
  readonly bus: EventBus
  readonly secrets: SecretRegistry
  readonly environments: EnvironmentRepository
  /** The per-environment dispatchers (the auto-consent "browser" reaches the authorization server through them). */
  readonly network: DispatcherPool
  close(): Promise<void>
}

/**
 * The walkthrough's lean runtime: the core (sandbox only when asked, HTTP client and log, environments, OAuth and
 * tokens, executor and signer) with the handlers of the channels the walkthrough calls (environments, oauth, sandbox,
 * http, log), and the repro bundles only with `bundles`. The capture, the doctor, the Requests workbench, drafts,
 * signing explanations and the first-run checklist are never loaded: a one-shot run pays only for what it sends with.
 */
export async function createWalkRuntime(options: WalkRuntimeOptions): Promise<WalkRuntime> {
  const lock = options.dataFolderLock
  try {
    const core = await buildCore(options)
    const { registry, environments, auth, layer, executor } = core
    try {
      registerEnvironmentsHandlers(registry, { environments })
      registerOAuthHandlers(registry, { environments, flows: auth.flows, tokens: auth.tokens })
      registerSandboxHandlers(registry, { control: auth.control })
      registerHttpHandlers(registry, { executor: executor.executor, endpoints: executor.endpoints })
      // No first-run checklist in a one-shot run: an opened log entry marks nothing.
      registerLogHandlers(registry, { log: layer.log, formats: executor.formats, looked: async () => {} })
      if (options.bundles) {
        const [{ buildBundles }, { withWorkbench }, { registerBundleHandlers }] = await Promise.all([
          import('./build-bundles'),
          import('./requests-engine'),
          import('../bridge/handlers/bundle-handlers'),
        ])
        registerBundleHandlers(registry, buildBundles(core, withWorkbench(executor)))
      }
    } catch (error) {
      await core.closeAll()
      throw error
    }
    return {
      registry,
      bus: core.bus,
      secrets: core.secrets,
      environments,
      network: layer.network,
      async close() {
        try {
          await core.closeAll()
        } finally {
          lock.release()
        }
      },
    }
  } catch (error) {
    lock.release()
    throw error
  }
}
