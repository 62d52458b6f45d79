import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { ComposerRequestInput, HttpExchangeView, RetryingEvent } from '../../../../shared/contract'
import { invoke } from '../../bridge/bridge'
import { useEvent } from '../../bridge/use-event'
import { withEnvId } from '../../domain/env-scope'
import { setLastAnswer, useLastAnswer } from '../../domain/last-answer'
import { requestsKeys } from '../../domain/query-keys'
import { type Draft, toDraft, useRequestsStore } from './requests-store'

/** The draft as the engine takes it (an empty body is no body). */
export function toRequest(d: Draft): ComposerRequestInput {
  return { ...d, body: d.body === '' ? undefined : d.body }
}

/**
 * Sends the draft (`requests:send`). `cancel()` aborts the call's signal, which crosses the bridge and stops the
 * request (or its wait before a retry) in the engine; the retry countdown of a request with the draft's method and
 * path is followed while it is pending.
 */
export function useComposerSend(envId: string | null) {
  const controller = useRef<AbortController | null>(null)
  const [retrying, setRetrying] = useState<RetryingEvent | null>(null)
  const client = useQueryClient()
  const send = useMutation({
    mutationFn: (input: { draft: Draft; savedId?: string; force?: boolean; confirmProduction?: string }) => {
      controller.current?.abort()
      const own = new AbortController()
      controller.current = own
      setRetrying(null)
      return invoke(
        'requests:send',
        {
          request: toRequest(input.draft),
          force: input.force ?? false,
          ...withEnvId(envId),
          ...(input.savedId ? { savedId: input.savedId } : {}),
          ...(input.confirmProduction !== undefined ? { confirmProduction: input.confirmProduction } : {}),
        },
        { signal: own.signal },
      )
    },
    onMutate: () => setLastAnswer(client, requestsKeys.lastAnswer, null),
    onSuccess: view => setLastAnswer(client, requestsKeys.lastAnswer, view),
    onSettled: () => {
      controller.current = null
      setRetrying(null)
      void client.invalidateQueries({ queryKey: requestsKeys.predictions })
      void client.invalidateQueries({ queryKey: requestsKeys.histories })
      void client.invalidateQueries({ queryKey: requestsKeys.sentAll })
    },
  })
  const cancel = () => controller.current?.abort()
  useEvent('http:retrying', event => {
    if (send.isPending && send.variables && event.method === send.variables.draft.method.toUpperCase()) setRetrying(event)
  })
  return { send, cancel, retrying }
}

/** The composer's last answer (`requests:send`), kept in the query cache while Compare or another panel is shown. */
export function useComposerAnswer() {
  return useLastAnswer<HttpExchangeView>(requestsKeys.lastAnswer)
}

/** What the quota ledger predicts for the draft's (client, method, path); refreshed on every quota update (useQuotaFeed). */
export function usePrediction(envId: string | null, request: ComposerRequestInput | null) {
  return useQuery({
    queryKey: requestsKeys.predict(envId, request ?? { method: 'GET', path: '/' }),
    queryFn: ({ signal }) => invoke('requests:predict', { request: request as ComposerRequestInput, ...withEnvId(envId) }, { signal }),
    enabled: request !== null,
    retry: false,
  })
}

export function useCollection(envId: string | null) {
  return useQuery({
    queryKey: requestsKeys.collection(envId),
    queryFn: ({ signal }) => invoke('requests:collection', withEnvId(envId), { signal }),
  })
}

export function useHistory(envId: string | null, id: string | null) {
  return useQuery({
    queryKey: requestsKeys.history(envId, id),
    queryFn: ({ signal }) => invoke('requests:history', { id: id as string, ...withEnvId(envId) }, { signal }),
    enabled: id !== null,
  })
}

export function useCompare(a: string | null, b: string | null) {
  return useQuery({
    queryKey: requestsKeys.compare(a, b),
    queryFn: ({ signal }) => invoke('requests:compare', { a: a as string, b: b as string }, { signal }),
    enabled: a !== null && b !== null,
    retry: false,
  })
}

/** The production guard's offer: the draft sent to the built-in sandbox instead (`requests:send`). */
export function useSandboxTrial(sandboxEnvId: string | null) {
  return useMutation({
    mutationFn: () => invoke('requests:send', { request: toRequest(useRequestsStore.getState().draft), ...withEnvId(sandboxEnvId) }),
  })
}

/**
 * Loads a log entry sent here (“Edit and resend”) into the composer through `requests:fromLog`, which leaves its
 * captured credentials behind. Returns the error when it could not be opened (null otherwise).
 */
export function useOpenFromLog(logId: string | null): unknown {
  const [loadError, setLoadError] = useState<unknown>(null)
  useEffect(() => {
    if (!logId) return
    let live = true
    setLoadError(null)
    invoke('requests:fromLog', { id: logId })
      .then(d => {
        if (!live) return
        // Opened in the tab in front only when it holds no unsaved edits; otherwise in a new tab (see load).
        useRequestsStore.setState({ pendingLog: null })
        useRequestsStore.getState().load(toDraft(d.request), { kind: 'log', id: logId, name: `from log #${d.sourceId}`, notes: d.notes })
      })
      .catch(error => {
        if (!live) return
        useRequestsStore.setState({ pendingLog: null })
        setLoadError(error)
      })
    return () => {
      live = false
    }
  }, [logId])
  return loadError
}
