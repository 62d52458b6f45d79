import { type ReactNode, useId } from 'react'
import type { PartnerLocation } from '../../../../shared/contract'
import { isValidRange, PRESETS, type RangeProblems, rangeDays, today, validateRange } from './date-range'
import { useExportStore } from './export-store'

/** Why the location id cannot be sent, or null. */
function locationProblem(text: string): string | null {
  const t = text.trim()
  if (t === '') return 'Choose a location (or type its id).'
  if (!/^\d+$/.test(t)) return `“${t}” is not a location id: ids are whole numbers (spec 2.5).`
  if (!Number.isSafeInteger(Number(t))) return 'That id is too large.'
  return null
}

interface ExportFormProps {
  locations: PartnerLocation[]
  locationsNote: string | null
  /** The environment is known, so the request can be built (Send also needs valid inputs). */
  ready: boolean
  sending: boolean
  onSend: () => void
  /** The grant the listed locations belong to (a pick remembers it), and the line saying whose they are and when. */
  grant: string | null
  provenance: ReactNode
}

/** The store's inputs checked: range problems, the location id's problem, and whether all is sendable. */
export function useExportValidation(): { problems: RangeProblems; locationError: string | null; valid: boolean } {
  const { locationId, from, to } = useExportStore()
  const problems = validateRange(from, to)
  const locationError = locationProblem(locationId)
  return { problems, locationError, valid: isValidRange(problems) && locationError === null }
}

/** The export's inputs: location (picked from the list or typed), the date range with presets, automatic retry. */
export function ExportForm({ locations, locationsNote, ready, sending, onSend, grant, provenance }: ExportFormProps) {
  const { locationId, from, to, autoRetry, set } = useExportStore()
  const { problems, locationError, valid } = useExportValidation()
  const ids = { select: useId(), id: useId(), from: useId(), to: useId(), retry: useId() }
  const known = locations.some(l => String(l.id) === locationId.trim())
  const selectValue = known ? locationId.trim() : locationId.trim() === '' && locations.length > 0 ? '' : 'other'
  const days = rangeDays(from, to)
  return (
    <form
      className="export-form"
      aria-label="Export request"
      onSubmit={e => {
        e.preventDefault()
        onSend()
      }}
    >
      <div className="export-form__row">
        {locations.length > 0 ? (
          <div className="export-field">
            <label htmlFor={ids.select} className="field__label">
              Location
            </label>
            <select
              id={ids.select}
              value={selectValue}
              onChange={e =>
                set(e.target.value === 'other' ? { locationId: '', pickedGrant: null } : { locationId: e.target.value, pickedGrant: grant })
              }
            >
              <option value="" disabled>
                Choose a location…
              </option>
              {locations.map(l => (
                <option key={l.id} value={String(l.id)}>
                  {l.name} ({l.id})
                </option>
              ))}
              <option value="other">Another id…</option>
            </select>
          </div>
        ) : null}
        <div className="export-field export-field--id">
          <label htmlFor={ids.id} className="field__label">
            Location id
          </label>
          <input
            id={ids.id}
            className="mono"
            inputMode="numeric"
            data-export-location-id=""
            value={locationId}
            onChange={e => set({ locationId: e.target.value, pickedGrant: null })}
            aria-invalid={locationError !== null}
            aria-describedby={`${ids.id}-problem`}
          />
        </div>
      </div>
      <p id={`${ids.id}-problem`} className={locationError ? 'export-problem' : 'export-muted'}>
        {locationError ?? locationsNote ?? ''}
      </p>
      {locations.length > 0 ? provenance : null}
      <div className="export-form__row">
        <div className="export-field">
          <label htmlFor={ids.from} className="field__label">
            From (YYYY-MM-DD)
          </label>
          <input
            id={ids.from}
            className="mono export-date"
            value={from}
            placeholder="YYYY-MM-DD"
            onChange={e => set({ from: e.target.value })}
            aria-invalid={!!problems.from || !!problems.range}
            aria-describedby={`${ids.from}-problem`}
          />
        </div>
        <div className="export-field">
          <label htmlFor={ids.to} className="field__label">
            To (YYYY-MM-DD)
          </label>
          <input
            id={ids.to}
            className="mono export-date"
            value={to}
            placeholder="YYYY-MM-DD"
            onChange={e => set({ to: e.target.value })}
            aria-invalid={!!problems.to || !!problems.range}
            aria-describedby={`${ids.to}-problem`}
          />
        </div>
        <fieldset className="export-presets">
          <legend className="visually-hidden">Date presets</legend>
          {PRESETS.map(p => (
            <button key={p.label} type="button" className="btn btn--small" onClick={() => set(p.range(today()))}>
              {p.label}
            </button>
          ))}
        </fieldset>
      </div>
      <div className="export-problems" aria-live="polite">
        {problems.from ? (
          <p id={`${ids.from}-problem`} className="export-problem">
            From: {problems.from}
          </p>
        ) : null}
        {problems.to ? (
          <p id={`${ids.to}-problem`} className="export-problem">
            To: {problems.to}
          </p>
        ) : null}
        {problems.range ? <p className="export-problem">{problems.range}</p> : null}
        {days !== null ? (
          <p className="export-muted">
            {days} day{days === 1 ? '' : 's'}, both ends included; sent as <span className="mono">filter[dateTimeFrom]</span> and{' '}
            <span className="mono">filter[dateTimeTo]</span>.
          </p>
        ) : null}
      </div>
      <div className="export-form__row export-form__actions">
        <label htmlFor={ids.retry} className="export-check">
          <input id={ids.retry} type="checkbox" checked={autoRetry} onChange={e => set({ autoRetry: e.target.checked })} />
          Retry automatically after a 429 (waits Retry-After, re-signs)
        </label>
        <button type="submit" className="btn btn--primary" disabled={!valid || !ready || sending} title="Ctrl/Cmd+Enter">
          {sending ? 'Sending…' : 'Send'}
        </button>
        <span className="export-muted">
          <kbd>Ctrl</kbd>/<kbd>⌘</kbd>+<kbd>Enter</kbd>
        </span>
      </div>
    </form>
  )
}
