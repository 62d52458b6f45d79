import { useMutation } from '@tanstack/react-query'
import { useRef } from 'react'
import { invoke } from '../../bridge/bridge'

/**
 * "Now" and "Server time" for the timestamp field: reads the engine's clock through `signing:now` and hands back
 * whole Unix seconds, by the local clock or shifted by the estimated server offset (`fallbackOffsetMs` when the
 * engine's answer carries no estimate).
 */
export function useSigningNow(onTimestamp: (timestamp: string) => void, fallbackOffsetMs: number | null) {
  const target = useRef(onTimestamp)
  target.current = onTimestamp
  const mutation = useMutation({ mutationFn: () => invoke('signing:now', {}) })
  const setNow = (source: 'local' | 'server') =>
    mutation.mutate(undefined, {
      onSuccess: r => {
        const offset = r.estimate?.offsetMs ?? fallbackOffsetMs
        const ts = source === 'server' && offset !== null ? Math.floor((Date.now() + offset) / 1000) : r.localTimestamp
        target.current(String(ts))
      },
    })
  return { setNow, pending: mutation.isPending, error: mutation.error }
}
