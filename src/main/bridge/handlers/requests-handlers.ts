import type { EnvironmentProvider } from '../../engine/core/ports'
import type { CollectionStore } from '../../engine/requests/collection-store'
import { signingCodeFiles } from '../../engine/requests/copy-as/signing-code'
import { importPostman } from '../../engine/requests/postman-import/import-postman'
import type { RequestsService } from '../../engine/requests/requests-service'
import type { HandlerRegistry } from '../registry'

/** Wires the `requests:*` channels to the requests service and the collection store. */
export function registerRequestsHandlers(
  registry: HandlerRegistry,
  deps: { requests: RequestsService; collections: CollectionStore; environments: EnvironmentProvider },
): void {
  const { requests, collections, environments } = deps
  const envOf = async (envId: string | undefined) => envId ?? (await environments.active()).id
  registry.handle('requests:send', async ({ request, savedId, ...options }, { signal }) => {
    const { view } = await requests.send(request, { ...options, signal })
    if (savedId) await collections.addHistory(await envOf(options.envId), savedId, view)
    return view
  })
  registry.handle('requests:predict', req => requests.predict(req.request, req.envId))
  registry.handle('requests:fromLog', req => requests.draftFromLog(req.id))
  registry.handle('requests:fromCurl', req => requests.draftFromCurl(req.text, req.envId))
  registry.handle('requests:importPostman', async req =>
    importPostman(collections, await envOf(req.envId), await requests.hosts(req.envId), req.collection, req.environment),
  )
  registry.handle('requests:compare', req => requests.compare(req.a, req.b))
  registry.handle('requests:snippet', req =>
    requests.snippet(req.language, req.logId ? { logId: req.logId } : { request: req.request! }, req.envId),
  )
  registry.handle('requests:signingCode', req => ({ files: signingCodeFiles(req.language) }))
  registry.handle('requests:collection', async req => {
    const envId = await envOf(req.envId)
    return { envId, requests: await collections.list(envId) }
  })
  registry.handle('requests:save', async req => collections.save(await envOf(req.envId), req.item))
  registry.handle('requests:delete', async req => ({ deleted: await collections.delete(await envOf(req.envId), req.id) }))
  registry.handle('requests:history', async req => ({ items: await collections.history(await envOf(req.envId), req.id) }))
  registry.handle('requests:saveCollection', async req => collections.exportText(await envOf(req.envId)))
  registry.handle('requests:openCollection', async req => collections.importText(await envOf(req.envId), req.text))
}
