import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import type { LogEntrySummary } from '../../../../shared/contract'
import { invoke } from '../../bridge/bridge'
import { logKeys } from '../../domain/query-keys'

/** One entry in full (`log:get`): re-read when its state changes (pending → done). */
export function useLogEntry(summary: LogEntrySummary | null) {
  return useQuery({
    queryKey: logKeys.entry(summary?.id ?? '', summary?.state ?? ''),
    queryFn: () => invoke('log:get', { id: summary?.id ?? '' }),
    enabled: summary !== null,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** `log:clear`: the engine empties its log and says so with `log:cleared`. */
export function useClearLog() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => invoke('log:clear', {}),
    onSettled: () => client.invalidateQueries({ queryKey: logKeys.list }),
  })
}

/** `log:configure` with a new capacity (entries kept); the list is re-read since older entries may have gone. */
export function useLogCapacity() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (capacity: number) => invoke('log:configure', { capacity }),
    onSettled: () => client.invalidateQueries({ queryKey: logKeys.list }),
  })
}

/** `log:saveHar` of the given entries (or of all): sanitized unless `includeSecrets` was chosen explicitly. */
export function useSaveHar() {
  return useMutation({
    mutationFn: (req: { ids?: string[]; includeSecrets: boolean }) =>
      invoke('log:saveHar', req.ids ? { ids: req.ids, includeSecrets: req.includeSecrets } : { includeSecrets: req.includeSecrets }),
  })
}

/**
 * `log:openHar`: a HAR file's entries join the log (marked imported); the list is re-read once they are in. `stop()`
 * cancels it (while the file is sent, or before its entries are added).
 */
export function useOpenHar() {
  const client = useQueryClient()
  const running = useRef<AbortController | null>(null)
  const mutation = useMutation({
    mutationFn: async (file: File) => {
      const controller = new AbortController()
      running.current = controller
      const text = await file.text()
      return { name: file.name, ...(await invoke('log:openHar', { text }, { signal: controller.signal })) }
    },
    onSettled: () => client.invalidateQueries({ queryKey: logKeys.list }),
  })
  return { ...mutation, stop: () => running.current?.abort() }
}

/** `log:curl`: one entry as a cURL command, redacted unless `redacted` is false (live credentials, never stored). */
export function useCurl() {
  return useMutation({ mutationFn: (req: { id: string; redacted: boolean }) => invoke('log:curl', req) })
}

/** `partner-console-2026-11-22T15-04-05.har`: a file name that sorts by time and is valid everywhere. */
export function harFileName(now = new Date(), withSecrets = false): string {
  return `partner-console-${now.toISOString().slice(0, 19).replace(/:/g, '-')}${withSecrets ? '-WITH-SECRETS' : ''}.har`
}

/** `log:curl` read once, outside the cache: the live-credentials command goes to the clipboard and nowhere else. */
export function fetchCurl(id: string, redacted: boolean) {
  return invoke('log:curl', { id, redacted })
}
