import { ConsoleError } from '../../engine/core/console-error'
import type { EnvironmentProvider } from '../../engine/core/ports'
import type { CollectionStore } from '../../engine/requests/collection-store'
import { signingCodeFiles } from '../../engine/requests/copy-as/signing-code'
import type { SentHistory } from '../../engine/requests/drafts/sent-history'
import { importPostman } from '../../engine/requests/postman-import/import-postman'
import type { RequestsService } from '../../engine/requests/requests-service'
import type { HandlerRegistry } from '../registry'

/** Errors after which the request may have left (no answer came): they are recorded in the history as failed. */
const LEFT_WITHOUT_ANSWER = new Set(['network', 'timeout'])

/** Wires the `requests:*` channels to the requests service and the collection store. */
export function registerRequestsHandlers(
  registry: HandlerRegistry,
  deps: { requests: RequestsService; collections: CollectionStore; environments: EnvironmentProvider; sent: SentHistory },
): void {
  const { requests, collections, environments, sent } = deps
  const envOf = async (envId: string | undefined) => envId ?? (await environments.active()).id
  registry.handle('requests:send', async ({ request, savedId, ...options }, { signal }) => {
    const envId = await envOf(options.envId)
    try {
      const { view } = await requests.send(request, { ...options, envId, signal })
      void sent.add(envId, request, { view })
      if (savedId) await collections.addHistory(envId, savedId, view)
      return view
    } catch (error) {
      if (error instanceof ConsoleError && LEFT_WITHOUT_ANSWER.has(error.code)) void sent.add(envId, request, { error: error.message })
      throw error
    }
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
