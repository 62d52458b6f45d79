import type { EnvironmentProvider } from '../../engine/core/ports'
import type { DoctorSessions } from '../../engine/doctor/doctor-sessions'
import type { HandlerRegistry } from '../registry'

/** Wires the `doctor:*` channels to the doctor of each capture session (default environment: the active one). */
export function registerDoctorHandlers(
  registry: HandlerRegistry,
  deps: { doctor: DoctorSessions; environments: EnvironmentProvider },
): void {
  const { doctor } = deps
  const envId = async (id?: string) => id ?? (await deps.environments.active({ secrets: false })).id
  registry.handle('doctor:scorecard', async req => ({ scorecard: doctor.scorecard(await envId(req.envId)) }))
  registry.handle('doctor:report', async req => doctor.report(await envId(req.envId), req.format, req.strict))
  registry.handle('doctor:drill', async req => ({ drills: doctor.arm(await envId(req.envId), req.drills) }))
}
