import type { CaptureService } from '../engine/capture/capture-service'
import type { EventBus } from '../engine/core/event-bus'
import type { SecretRegistry } from '../engine/core/secret-registry'
import { DoctorSessions } from '../engine/doctor/doctor-sessions'
import type { QuotaLimits } from '../engine/quota/quota-limits'
import type { SandboxControl } from '../engine/sandbox-control/sandbox-control'

/**
 * The integration doctor on every capture session (app and CLI alike): judged with the console's quota limits,
 * its token drill moving the built-in sandbox's clock through the console's sandbox controls when the captured
 * environment is that sandbox and the active one (the controls act on the active environment), and its verdicts
 * sent as the throttled `doctor:verdict` event.
 */
export function buildDoctor(o: {
  capture: CaptureService
  secrets: SecretRegistry
  bus: EventBus
  limits: QuotaLimits
  control: SandboxControl
  activeId: () => string | null
}): DoctorSessions {
  return new DoctorSessions({
    capture: o.capture,
    secrets: o.secrets,
    limits: () => o.limits,
    sandboxClock: env => (env.builtIn && o.activeId() === env.id ? o.control : undefined),
    onVerdict: scorecard => o.bus.emit('doctor:verdict', { envId: scorecard.envId, scorecard }),
  })
}
