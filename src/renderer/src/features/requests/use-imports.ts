import { useMutation } from '@tanstack/react-query'
import type { ResponseOf } from '../../../../shared/contract'
import { invoke } from '../../bridge/bridge'
import { withEnvId } from '../../domain/env-scope'
import { toDraft, useRequestsStore } from './requests-store'

/** A paste that reads as a cURL command (what the path field turns into a request instead of a path). */
export function looksLikeCurl(text: string): boolean {
  return /^\s*(?:\$\s+)?curl(?:\.exe)?\s/i.test(text)
}

/** `requests:fromCurl`: a pasted cURL command loaded into the composer, with the engine's notes shown above it. */
export function useCurlImport(envId: string | null, onDone?: () => void) {
  return useMutation({
    mutationFn: (text: string) => invoke('requests:fromCurl', { text, ...withEnvId(envId) }),
    onSuccess: d => {
      const notes = d.bodyFile ? [...d.notes, `Paste the content of ${d.bodyFile} into the body.`] : d.notes
      useRequestsStore.getState().load(toDraft(d.request), { kind: 'import', name: 'from cURL', notes })
      onDone?.()
    },
  })
}

/** `requests:importPostman`: a Postman collection (and its environment file, when given) added to saved requests. */
export function usePostmanImport(envId: string | null, onImported: (r: ResponseOf<'requests:importPostman'>) => void) {
  return useMutation({
    mutationFn: (files: { collection: string; environment?: string }) =>
      invoke('requests:importPostman', { ...files, ...withEnvId(envId) }),
    onSuccess: onImported,
  })
}
