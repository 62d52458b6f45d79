import { ConsoleError } from '../../engine/core/console-error'
import type { EnvironmentProvider } from '../../engine/core/ports'
import type { CollectionStore } from '../../engine/workbench/collection-store'
import type { SentHistory } from '../../engine/workbench/drafts/sent-history'
import { importPostman } from '../../engine/workbench/postman-import/import-postman'
import { signingCodeFiles } from '../../engine/workbench/signing-code'
import type { Workbench } from '../../engine/workbench/workbench'
import type { HandlerRegistry } from '../registry'

/** Errors after which the request may have left (no answer came): they are recorded in the history as failed. */
const LEFT_WITHOUT_ANSWER = new Set(['network', 'timeout'])

/**
 * Wires the `workbench:*` channels to the workbench engine and the collection store. Every composer send is recorded
 * in the history of sent requests (with its answer, or as failed when none came); a send refused before it left
 * (quota, production guard, an invalid request) is not.
 */
export function registerWorkbenchHandlers(
  registry: HandlerRegistry,
  deps: { workbench: Workbench; collections: CollectionStore; environments: EnvironmentProvider; sent: SentHistory },
): void {
  const { workbench, collections, environments, sent } = deps
  const envOf = async (envId: string | undefined) => envId ?? (await environments.active()).id
  registry.handle('workbench:send', async ({ request, savedId, ...options }, { signal }) => {
    const envId = await envOf(options.envId)
    try {
      const { view } = await workbench.send(request, { ...options, envId, signal })
      void sent.add(envId, request, { view })
      if (savedId) await collections.addHistory(envId, savedId, view)
      return view
    } catch (error) {
      if (error instanceof ConsoleError && LEFT_WITHOUT_ANSWER.has(error.code)) void sent.add(envId, request, { error: error.message })
      throw error
    }
  })
  registry.handle('workbench:predict', req => workbench.predict(req.request, req.envId))
  registry.handle('workbench:fromLog', req => workbench.draftFromLog(req.id))
  registry.handle('workbench:fromCurl', req => workbench.draftFromCurl(req.text, req.envId))
  registry.handle('workbench:importPostman', async req =>
    importPostman(collections, await envOf(req.envId), await workbench.hosts(req.envId), req.collection, req.environment),
  )
  registry.handle('workbench:compare', req => workbench.compare(req.a, req.b))
  registry.handle('workbench:snippet', req =>
    workbench.snippet(req.language, req.logId ? { logId: req.logId } : { request: req.request! }, req.envId),
  )
  registry.handle('workbench:signingCode', req => ({ files: signingCodeFiles(req.language) }))
  registry.handle('workbench:collection', async req => {
    const envId = await envOf(req.envId)
    return { envId, requests: await collections.list(envId) }
  })
  registry.handle('workbench:save', async req => collections.save(await envOf(req.envId), req.item))
  registry.handle('workbench:delete', async req => ({ deleted: await collections.delete(await envOf(req.envId), req.id) }))
  registry.handle('workbench:history', async req => ({ items: await collections.history(await envOf(req.envId), req.id) }))
  registry.handle('workbench:export', async req => collections.exportText(await envOf(req.envId)))
  registry.handle('workbench:import', async req => collections.importText(await envOf(req.envId), req.text))
}
