import { useMemo } from 'react'
import { hottest, isBlocked, remainingOf, shortPath } from '../../domain/quota-model'
import { useQuotaList } from '../../domain/quotas'
import { useNavStore } from '../../stores/nav-store'
import { Countdown } from '../../ui/countdown'
import { useNow } from '../../ui/use-now'
import './quota-status.css'
import './status-item.css'

/**
 * Status-bar item: the hottest quota (blocked first, else the lowest remaining ratio) with its key, and the
 * Retry-After countdown while a 429 blocks it. Clicking opens the Quotas panel.
 */
export function QuotaStatus() {
  const keys = useQuotaList().data?.keys
  const go = useNavStore(s => s.go)
  const now = useNow(1000)
  const all = useMemo(() => keys ?? [], [keys])
  const hot = hottest(all, now)
  if (!hot) return null
  const blocked = isBlocked(hot, now)
  const remaining = remainingOf(hot, now)
  const tone = blocked || remaining <= 0 ? 'err' : hot.limit > 0 && remaining / hot.limit < 0.2 ? 'warn' : ''
  return (
    <>
      <span className="status-sep" />
      <button
        type="button"
        className={`status-item quota-status${tone ? ` quota-status--${tone}` : ''}`}
        data-testid="status-quota"
        title={`Hottest quota of ${all.length}: ${hot.key} — open Quotas`}
        onClick={() => go('quotas')}
      >
        Quota {hot.method} {shortPath(hot.path)} {remaining}/{hot.limit}
        {blocked && hot.retryAfterUntil ? (
          <>
            {' '}
            · 429 <Countdown until={hot.retryAfterUntil} />
          </>
        ) : null}
      </button>
    </>
  )
}
