import type { ImportOutcome } from '../../../../shared/contract'
import type { CollectionStore } from '../collection-store'
import type { HostsOfEnvironment } from '../resend-from-entry'
import { convertPostmanCollection, type PostmanSdk } from './postman-collection-import'
import { parsePostmanEnvironment } from './postman-variables'

/**
 * Adds a Postman collection's requests to an environment's saved requests through the collection store's own import
 * (so the same checks, renaming of taken names and scrubbing of known secrets apply; nothing existing is replaced).
 * Items the converter could not use and items the store refused are both listed as skipped, by position.
 */
export async function importPostman(
  collections: CollectionStore,
  envId: string,
  hosts: HostsOfEnvironment | null,
  collectionText: string,
  environmentText?: string,
): Promise<ImportOutcome> {
  const environment = environmentText ? parsePostmanEnvironment(environmentText) : null
  const sdk =
    ((await import('postman-collection')) as { default?: PostmanSdk }).default ?? ((await import('postman-collection')) as PostmanSdk)
  const converted = convertPostmanCollection(sdk, collectionText, environment, hosts)
  const file = { format: 'partner-console-collection', version: 1, requests: converted.requests }
  const stored = await collections.importText(envId, JSON.stringify(file))
  const storeSkips = stored.skipped.map(s => ({ index: s.index, problem: `${converted.requests[s.index]?.name ?? 'item'}: ${s.problem}` }))
  return {
    added: stored.added,
    renamed: stored.renamed,
    skipped: [...converted.skipped, ...storeSkips],
    notes: converted.notes,
  }
}
