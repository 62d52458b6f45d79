import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { DoctorDrillName, DoctorReportFormat, DoctorScorecard } from '../../../../shared/contract'
import { invoke } from '../../bridge/bridge'
import { useEvent } from '../../bridge/use-event'
import { withEnvId } from '../../domain/env-scope'
import { doctorKeys } from '../../domain/query-keys'
import { downloadText } from '../../ui/download-text'

type Answer = { scorecard: DoctorScorecard | null }

/** The doctor's scorecard of an environment's capture session (`doctor:scorecard`); null before any capture ran. */
export function useScorecard(envId: string | null) {
  return useQuery({
    queryKey: doctorKeys.scorecard(envId),
    queryFn: ({ signal }) => invoke('doctor:scorecard', withEnvId(envId), { signal }),
    enabled: envId !== null,
  })
}

/**
 * Keeps every scorecard live: `doctor:verdict` carries the whole scorecard (one row per rule), written into the cache
 * as it is. Mounted once beside the query client (frame/live-updates.ts).
 */
export function useDoctorFeed(): void {
  const client = useQueryClient()
  useEvent('doctor:verdict', ({ envId, scorecard }) => {
    client.setQueryData<Answer>(doctorKeys.scorecard(envId), { scorecard })
  })
}

/** `doctor:drill`: arms drills (or `all`) on the running capture; the scorecard shows them waiting, then played. */
export function useArmDrills(envId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (drills: Array<DoctorDrillName | 'all'>) => invoke('doctor:drill', { envId, drills }),
    onSettled: () => client.invalidateQueries({ queryKey: doctorKeys.scorecard(envId) }),
  })
}

/** `doctor:report` in one format, offered as a download under the engine's file name (secrets already redacted). */
export function useSaveReport(envId: string) {
  return useMutation({
    mutationFn: (format: DoctorReportFormat) => invoke('doctor:report', { envId, format }),
    onSuccess: report => downloadText(report.text, report.fileName, report.mimeType),
  })
}
