import { useMutation, useQueryClient } from '@tanstack/react-query'
import { create } from 'zustand'
import { invoke } from '../bridge/bridge'
import { signingKeys } from './query-keys'

interface ProbePaths {
  /** The path each environment's clock was last read from (this session). */
  byEnvironment: Record<string, string>
  remember(environmentId: string, path: string): void
}

/** The path the user last chose to read an environment's clock from: the next reading offers it again. */
export const useProbePaths = create<ProbePaths>(set => ({
  byEnvironment: {},
  remember: (environmentId, path) => set(s => ({ byEnvironment: { ...s.byEnvironment, [environmentId]: path } })),
}))

interface ClockReading {
  environmentId: string
  path: string
  /** The environment's name as typed, for a production environment. */
  confirmProduction?: string
}

/**
 * `signing:probe`: reads the server's clock now, because the user asked, on the path they chose (and for production
 * with its name typed). The answer is the new skew status, cached as is.
 */
export function useReadServerClock() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (reading: ClockReading) => invoke('signing:probe', reading),
    onSuccess: (next, reading) => {
      client.setQueryData(signingKeys.skew, next)
      useProbePaths.getState().remember(reading.environmentId, reading.path)
    },
  })
}
