import { useState } from 'react'
import type { EnvironmentDetail } from '../../../../shared/contract'
import { CopyButton } from '../../ui/copy-button'
import { ErrorBox } from '../../ui/error-box'
import { useSaveEnvironmentsFile } from './use-environment-actions'

/**
 * Saves environments as a JSON file (`environments:saveFile`). Without secrets unless the user ticks the box, which says what
 * it means. The file is shown (so what leaves is visible) and offered as a download.
 */
export function SaveFileBox({ environments, onClose }: { environments: EnvironmentDetail[]; onClose: () => void }) {
  const exportable = environments.filter(e => !e.builtIn)
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(exportable.map(e => e.id)))
  const [withSecrets, setWithSecrets] = useState(false)
  const run = useSaveEnvironmentsFile({ ids: [...chosen], includeSecrets: withSecrets })
  const href = run.data ? `data:application/json;charset=utf-8,${encodeURIComponent(run.data.content)}` : null
  return (
    <section className="env-io" aria-label="Save environments to a file">
      <h2>Save to a file</h2>
      {exportable.length === 0 ? (
        <p className="empty">
          Only the built-in sandbox exists; it is recreated at every launch and is not exported. Create an environment first.
        </p>
      ) : null}
      <fieldset className="env-io__choices">
        <legend className="field__label">Environments</legend>
        {exportable.map(e => (
          <label key={e.id} className="env-check">
            <input
              type="checkbox"
              checked={chosen.has(e.id)}
              onChange={ev => {
                const next = new Set(chosen)
                if (ev.target.checked) next.add(e.id)
                else next.delete(e.id)
                setChosen(next)
              }}
            />{' '}
            {e.name}
          </label>
        ))}
      </fieldset>
      <label className="env-check">
        <input type="checkbox" checked={withSecrets} onChange={e => setWithSecrets(e.target.checked)} /> Include client secrets
      </label>
      {withSecrets ? (
        <p className="warn">The file will contain client secrets in plain text. Keep it out of chats, tickets and version control.</p>
      ) : null}
      <div className="env-form__actions">
        <button type="button" className="btn btn--primary" onClick={() => run.mutate()} disabled={chosen.size === 0 || run.isPending}>
          {run.isPending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
      <ErrorBox error={run.error} title="Saving failed." />
      {run.data && href ? (
        <div className="env-io__result">
          <p>
            {run.data.count} environment{run.data.count === 1 ? '' : 's'},{' '}
            {run.data.includesSecrets ? <strong className="warn">with secrets</strong> : 'without secrets'}.{' '}
            <a href={href} download={run.data.fileName}>
              Download {run.data.fileName}
            </a>{' '}
            <CopyButton text={run.data.content} label="Copy file" />
          </p>
          <textarea className="env-io__file mono" aria-label="Environments file" readOnly rows={12} value={run.data.content} />
        </div>
      ) : null}
    </section>
  )
}
