import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { LogEntry, ResponseOf, RetryingEvent } from '../../../../shared/contract'
import { exportTicketsPath, joinHostPath } from '../../../../shared/spec'
import { invoke } from '../../bridge/bridge'
import { useEvent } from '../../bridge/use-event'
import { withEnvId } from '../../domain/env-scope'
import { setLastAnswer, useLastAnswer } from '../../domain/last-answer'
import { exportKeys, signingKeys } from '../../domain/query-keys'

/** The export request's address: the environment's {base_url} joined with its export path, as the engine builds it. */
export function exportRequestPath(
  baseUrl: string,
  template: string,
  locationId: number,
  from: string,
  to: string,
): { url: string; path: string } | null {
  try {
    const url = new URL(joinHostPath(baseUrl, exportTicketsPath(template, locationId, from, to)))
    return { url: url.href, path: `${url.pathname}${url.search}` }
  } catch {
    return null
  }
}

/**
 * A preview signature of the export request (`signing:sign` with the environment's credentials and the signing
 * clock's "now"): shows the headers and the canonical string before sending. It is re-signed every few seconds to
 * stay within the 10 s lifetime; the request itself is signed again, fresh, at the moment it is sent.
 */
export function useSignedPreview(envId: string | null, path: string | null) {
  return useQuery({
    queryKey: signingKeys.exportPreview(envId, path),
    queryFn: () => invoke('signing:sign', { method: 'GET', path: path ?? '', body: null, ...(envId ? { environmentId: envId } : {}) }),
    enabled: envId !== null && path !== null,
    refetchInterval: 5000,
    staleTime: 0,
  })
}

/** The last export's outcome (redacted exchange or the error), kept in the query cache so it survives a visit to the inspector. */
type LastExport =
  | { kind: 'ok'; value: ResponseOf<'http:exportTickets'>; envId: string | null }
  | { kind: 'error'; error: unknown; envId: string | null }

/** The last export's outcome, for the environment it was sent in. */
export function useLastExport(): LastExport | null {
  return useLastAnswer<LastExport>(exportKeys.last)
}

interface ExportInput {
  envId: string | null
  locationId: number
  from: string
  to: string
  autoRetry: boolean
}

/**
 * Sends the export (`http:exportTickets`, docs/api.md#export-tickets). `cancel()` aborts the call's signal, which crosses the bridge as a
 * cancel message and stops the request (or its wait before a retry) in the engine. While it is pending, the automatic
 * retry countdown (`http:retrying`) of the request with the export's path is followed.
 */
export function useExportSend(exportPath: string | null) {
  const controller = useRef<AbortController | null>(null)
  const [retrying, setRetrying] = useState<RetryingEvent | null>(null)
  const client = useQueryClient()
  const send = useMutation({
    mutationFn: (input: ExportInput) => {
      controller.current?.abort()
      const own = new AbortController()
      controller.current = own
      setRetrying(null)
      return invoke(
        'http:exportTickets',
        {
          locationId: input.locationId,
          from: input.from,
          to: input.to,
          autoRetry: input.autoRetry,
          ...withEnvId(input.envId),
        },
        { signal: own.signal },
      )
    },
    onMutate: () => setLastAnswer<LastExport>(client, exportKeys.last, null),
    onSuccess: (value, input) => setLastAnswer<LastExport>(client, exportKeys.last, { kind: 'ok', value, envId: input.envId }),
    onError: (error, input) => setLastAnswer<LastExport>(client, exportKeys.last, { kind: 'error', error, envId: input.envId }),
    onSettled: () => {
      controller.current = null
      setRetrying(null)
    },
  })
  const cancel = () => controller.current?.abort()
  useEvent('http:retrying', event => {
    if (send.isPending && event.path === exportPath) setRetrying(event)
  })
  return { send, cancel, retrying }
}

/** Reads a log entry in full (`log:get`), for the inspector link of a failed export. */
export function fetchLogEntry(id: string): Promise<LogEntry> {
  return invoke('log:get', { id })
}
