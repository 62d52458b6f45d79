import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CaptureStatus, RequestOf } from '../../../../shared/contract'
import { invoke } from '../../bridge/bridge'
import { useEvent } from '../../bridge/use-event'
import { captureKeys, doctorKeys } from '../../domain/query-keys'

type Captures = { captures: CaptureStatus[] }

/** Every running capture (`capture:status`): its URLs, variables and exchange count. */
export function useCaptures() {
  return useQuery({ queryKey: captureKeys.status, queryFn: ({ signal }) => invoke('capture:status', {}, { signal }) })
}

/**
 * Keeps the captures' exchange counts live: `capture:exchange` carries the new count, written into the cached status;
 * an event for a capture the cache does not know (started elsewhere, e.g. by another window) re-reads the list.
 * Mounted once beside the query client (frame/live-updates.ts).
 */
export function useCaptureFeed(): void {
  const client = useQueryClient()
  useEvent('capture:exchange', ({ envId, exchanges }) => {
    const cached = client.getQueryData<Captures>(captureKeys.status)
    if (!cached?.captures.some(c => c.envId === envId)) {
      void client.invalidateQueries({ queryKey: captureKeys.status })
      return
    }
    client.setQueryData<Captures>(captureKeys.status, {
      captures: cached.captures.map(c => (c.envId === envId ? { ...c, exchanges: Math.max(c.exchanges, exchanges) } : c)),
    })
  })
}

/** `capture:start` for one environment; the answer (URLs, variables) goes straight into the cached list. */
export function useStartCapture() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (req: RequestOf<'capture:start'>) => invoke('capture:start', req),
    onSuccess: status =>
      client.setQueryData<Captures>(captureKeys.status, old => ({
        captures: [...(old?.captures ?? []).filter(c => c.envId !== status.envId), status],
      })),
    onSettled: () => {
      // A new capture session starts a new doctor: its scorecard replaces the last session's.
      void client.invalidateQueries({ queryKey: doctorKeys.all })
      return client.invalidateQueries({ queryKey: captureKeys.status })
    },
  })
}

/** `capture:stop` for one environment: every socket of its capture closed. */
export function useStopCapture() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (envId: string) => invoke('capture:stop', { envId }),
    onSettled: () => {
      // Stopping makes the doctor's verdicts final (open findings evaluated).
      void client.invalidateQueries({ queryKey: doctorKeys.all })
      return client.invalidateQueries({ queryKey: captureKeys.status })
    },
  })
}
