import { useAuthFeed } from '../domain/auth'
import { useEnvironmentFeed } from '../domain/environments'
import { useQuotaFeed } from '../domain/quotas'
import { useSandboxFeed } from '../domain/sandbox'
import { useSkewFeed } from '../domain/skew'
import { useCaptureFeed, useDoctorFeed } from '../features/capture'
import { useLogFeed } from '../features/network-log'
import { useFirstRunFeed } from '../features/overview'

/**
 * Every event-to-cache feed of the console, mounted once beside the query client (query-root.tsx), so live updates do
 * not depend on which widget is on screen: any status item, the drawer or a panel can go and the cache still follows
 * the engine. A new feed is added here, never in a widget.
 */
export function LiveUpdates(): null {
  useEnvironmentFeed()
  useAuthFeed()
  useQuotaFeed()
  useSkewFeed()
  useSandboxFeed()
  useLogFeed()
  useCaptureFeed()
  useDoctorFeed()
  useFirstRunFeed()
  return null
}
