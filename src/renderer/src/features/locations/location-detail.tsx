import type { PartnerLocation } from '../../../../shared/contract'
import type { InstallRecord } from '../../domain/install-records'
import { useNow } from '../../ui/use-now'
import { InstallOutcomeView } from './install-outcome-view'
import { LocalTime } from './local-time'
import { localDate, utcOffset } from './location-model'
import type { InstallOutcome } from './locations-store'

const KNOWN = new Set(['id', 'name', 'timeZone', 'merchantId', 'countryCode', 'currency', 'language', 'brandRef', 'address'])

interface LocationDetailProps {
  location: PartnerLocation
  record: InstallRecord | undefined
  /** False when the record predates this launch of the built-in sandbox, which keeps no state across launches. */
  recordCurrent: boolean
  outcome: InstallOutcome | undefined
  permissions: readonly string[]
  installDisabled: boolean
  onInstall: () => void
  onExport: () => void
  onConsent: () => void
  onClose: () => void
}

/** One location in full: every field, local time and date, this console's install record, the last install result. */
export function LocationDetail(props: LocationDetailProps) {
  const { location: l, record, recordCurrent, outcome } = props
  const now = useNow(60_000)
  const extra = Object.entries(l).filter(([k]) => !KNOWN.has(k))
  return (
    <section className="loc-detail" aria-label={`Location ${l.name}`}>
      <header className="loc-detail__head">
        <h2>{l.name}</h2>
        <button type="button" className="btn btn--small" onClick={props.onClose}>
          Close
        </button>
      </header>
      <div className="loc-detail__body">
        <dl className="facts loc-detail__facts">
          <dt>id</dt>
          <dd className="mono">{l.id}</dd>
          <dt>merchantId</dt>
          <dd className="mono">{l.merchantId}</dd>
          <dt>timeZone</dt>
          <dd>
            <span className="mono">{l.timeZone}</span> · now <LocalTime timeZone={l.timeZone} withSeconds /> ·{' '}
            <span className="mono">{utcOffset(l.timeZone, now) ?? '?'}</span> · business day{' '}
            <span className="mono">{localDate(l.timeZone, now) ?? '?'}</span>
          </dd>
          <dt>countryCode</dt>
          <dd className="mono">{l.countryCode}</dd>
          <dt>currency</dt>
          <dd className="mono">{l.currency}</dd>
          <dt>language</dt>
          <dd className="mono">{l.language}</dd>
          <dt>brandRef</dt>
          <dd className="mono">{l.brandRef}</dd>
          <dt>address</dt>
          <dd>
            {l.address.street}
            <br />
            {l.address.zipCode} {l.address.city}
            {l.address.state ? `, ${l.address.state}` : ''}
          </dd>
          {extra.map(([k, v]) => (
            <FactRow key={k} name={k} value={v} />
          ))}
          <dt>Installed</dt>
          <dd data-testid="install-record">
            {record ? (
              <>
                <span className="badge loc-installed">installed from this console</span>{' '}
                <span className="mono">{new Date(record.installedAt).toLocaleString()}</span> ({record.status})
                {!recordCurrent ? (
                  <div className="warn">Recorded before this launch: the built-in sandbox keeps no installs across launches.</div>
                ) : null}
              </>
            ) : (
              <span className="loc-muted">not from this console (the API cannot say whether someone else installed it)</span>
            )}
          </dd>
        </dl>
        <div className="loc-detail__side">
          <div className="loc-detail__actions">
            <button
              type="button"
              className="btn btn--primary"
              onClick={props.onInstall}
              disabled={props.installDisabled || outcome?.kind === 'pending'}
            >
              {outcome?.kind === 'pending' ? 'Installing…' : record ? 'Install again' : 'Install…'}
            </button>
            <button type="button" className="btn" onClick={props.onExport}>
              Export tickets…
            </button>
          </div>
          {outcome ? <InstallOutcomeView outcome={outcome} permissions={props.permissions} onConsent={props.onConsent} /> : null}
        </div>
      </div>
    </section>
  )
}

function FactRow({ name, value }: { name: string; value: unknown }) {
  return (
    <>
      <dt title="Not in spec 2.5: sent by this server">{name}</dt>
      <dd className="mono">{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
    </>
  )
}
