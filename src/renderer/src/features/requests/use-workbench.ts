import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { ComposerRequestInput, RetryingEvent } from '../../../../shared/contract'
import { call } from '../../bridge/bridge'
import { useEvent } from '../../bridge/use-event'
import type { Draft } from './workbench-store'

/** The draft as the engine takes it (an empty body is no body). */
export function toRequest(d: Draft): ComposerRequestInput {
  return { ...d, body: d.body === '' ? undefined : d.body }
}

/** Query keys of the workbench domain. */
export const workbenchKeys = {
  collection: (envId: string | null) => ['workbench', 'collection', envId] as const,
  history: (envId: string | null, id: string | null) => ['workbench', 'history', envId, id] as const,
  predict: (envId: string | null, request: ComposerRequestInput) => ['workbench', 'predict', envId, request] as const,
  compare: (a: string | null, b: string | null) => ['workbench', 'compare', a, b] as const,
}

function newRequestId(): string {
  const random = typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`
  return `composer-${random}`
}

/** Sends the draft (`workbench:send`) under a request id of its own, so Cancel and the retry countdown work. */
export function useComposerSend(envId: string | null) {
  const [requestId, setRequestId] = useState<string | null>(null)
  const [retrying, setRetrying] = useState<RetryingEvent | null>(null)
  const client = useQueryClient()
  const send = useMutation({
    mutationFn: (input: { draft: Draft; savedId?: string; force?: boolean }) => {
      const id = newRequestId()
      setRequestId(id)
      setRetrying(null)
      return call('workbench:send', {
        request: toRequest(input.draft),
        requestId: id,
        force: input.force ?? false,
        ...(envId ? { envId } : {}),
        ...(input.savedId ? { savedId: input.savedId } : {}),
      })
    },
    onSettled: () => {
      setRetrying(null)
      void client.invalidateQueries({ queryKey: ['workbench', 'predict'] })
      void client.invalidateQueries({ queryKey: ['workbench', 'history'] })
    },
  })
  const cancel = useMutation({ mutationFn: (id: string) => call('http:cancel', { requestId: id }) })
  useEvent('http:retrying', event => {
    if (event.requestId === requestId) setRetrying(event)
  })
  return { send, cancel, requestId, retrying }
}

/** What the quota ledger predicts for the draft's (client, method, path); refreshed on every quota update. */
export function usePrediction(envId: string | null, request: ComposerRequestInput | null) {
  const client = useQueryClient()
  useEvent('quota:update', () => void client.invalidateQueries({ queryKey: ['workbench', 'predict'] }))
  return useQuery({
    queryKey: workbenchKeys.predict(envId, request ?? { method: 'GET', path: '/' }),
    queryFn: () => call('workbench:predict', { request: request as ComposerRequestInput, ...(envId ? { envId } : {}) }),
    enabled: request !== null,
    retry: false,
  })
}

export function useCollection(envId: string | null) {
  return useQuery({
    queryKey: workbenchKeys.collection(envId),
    queryFn: () => call('workbench:collection', envId ? { envId } : {}),
  })
}

export function useHistory(envId: string | null, id: string | null) {
  return useQuery({
    queryKey: workbenchKeys.history(envId, id),
    queryFn: () => call('workbench:history', { id: id as string, ...(envId ? { envId } : {}) }),
    enabled: id !== null,
  })
}

export function useCompare(a: string | null, b: string | null) {
  return useQuery({
    queryKey: workbenchKeys.compare(a, b),
    queryFn: () => call('workbench:compare', { a: a as string, b: b as string }),
    enabled: a !== null && b !== null,
    retry: false,
  })
}
