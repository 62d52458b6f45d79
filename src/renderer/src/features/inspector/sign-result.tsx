import type { UseQueryResult } from '@tanstack/react-query'
import type { InspectedSignature, SkewStatus } from '../../../../shared/contract'
import { BridgeCallError } from '../../../../shared/contract/errors'
import { ErrorBox } from '../../ui/error-box'
import { CanonicalView } from './canonical-view'
import { PartsTable } from './parts-table'
import { SignatureCard } from './signature-card'

/** The Sign tab's results: the canonical string, the headers with the signature's remaining life, and each part with its rule. */
export function SignResult({
  query,
  blocked,
  skew,
  onVerifyThese,
  onServerTime,
}: {
  query: UseQueryResult<InspectedSignature>
  /** True while an input is invalid (the problem shows beside the field). */
  blocked: boolean
  skew: SkewStatus | undefined
  onVerifyThese: (sig: InspectedSignature) => void
  onServerTime: () => void
}) {
  const sig = query.data
  const noEnvironment = query.error instanceof BridgeCallError && query.error.code === 'not_found'
  return (
    <div className="sign-result">
      {query.error ? (
        <>
          <ErrorBox error={query.error} title="Could not sign." onRetry={() => void query.refetch()} />
          {noEnvironment ? (
            <p className="inspector__note">Type a client id and a client secret on the left to sign without an environment.</p>
          ) : null}
        </>
      ) : null}
      {blocked ? <p className="inspector__note">Fix the field marked on the left; the last signature stays shown until then.</p> : null}
      {!sig && !query.error && !blocked ? <p className="loading">Signing…</p> : null}
      {sig ? (
        <div
          className={query.isFetching || query.isPlaceholderData ? 'sign-result__body sign-result__body--stale' : 'sign-result__body'}
          aria-busy={query.isFetching}
        >
          <CanonicalView sig={sig} />
          <SignatureCard sig={sig} skew={skew} onCheck={() => onVerifyThese(sig)} onServerTime={onServerTime} />
          <PartsTable sig={sig} />
        </div>
      ) : null}
    </div>
  )
}
