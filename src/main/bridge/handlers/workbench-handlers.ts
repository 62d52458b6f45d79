import type { EnvironmentProvider } from '../../engine/core/ports'
import type { CollectionStore } from '../../engine/requests/collection-store'
import { signingCodeFiles } from '../../engine/requests/copy-as/signing-code'
import type { Workbench } from '../../engine/requests/workbench'
import type { HandlerRegistry } from '../registry'

/** Wires the `workbench:*` channels to the workbench engine and the collection store. */
export function registerWorkbenchHandlers(
  registry: HandlerRegistry,
  deps: { workbench: Workbench; collections: CollectionStore; environments: EnvironmentProvider },
): void {
  const { workbench, collections, environments } = deps
  const envOf = async (envId: string | undefined) => envId ?? (await environments.active()).id
  registry.handle('workbench:send', async ({ request, savedId, ...options }, { signal }) => {
    const { view } = await workbench.send(request, { ...options, signal })
    if (savedId) await collections.addHistory(await envOf(options.envId), savedId, view)
    return view
  })
  registry.handle('workbench:predict', req => workbench.predict(req.request, req.envId))
  registry.handle('workbench:fromLog', req => workbench.draftFromLog(req.id))
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
