import { useId, useState } from 'react'
import type { SecretStorageInfo } from '../../../../shared/contract'
import { ErrorBox } from '../../ui/error-box'
import { UnprotectedConsent } from './unprotected-consent'
import { useOpenEnvironmentsFile } from './use-environment-actions'

type Conflict = 'rename' | 'skip' | 'replace'

/** How many environments the pasted file holds (0 when it is not an export file). */
function countIn(content: string): number {
  try {
    const doc = JSON.parse(content) as { environments?: unknown }
    return Array.isArray(doc.environments) ? doc.environments.length : 0
  } catch {
    return 0
  }
}

/** Opens an environments file (`environments:openFile`): check first (dry run) to see what would happen, then import. */
export function OpenFileBox({ storage, onClose }: { storage: SecretStorageInfo; onClose: () => void }) {
  const [content, setContent] = useState('')
  const [onConflict, setOnConflict] = useState<Conflict>('rename')
  const [accept, setAccept] = useState(false)
  const id = useId()
  const run = useOpenEnvironmentsFile({
    content,
    onConflict,
    acceptUnprotectedStorage: !storage.protected && accept ? true : undefined,
  })
  const hasSecrets = /"clientSecret"\s*:/.test(content)
  const r = run.data
  return (
    <section className="env-io" aria-label="Open an environments file">
      <h2>Open a file</h2>
      <label className="field__label" htmlFor={id}>
        Environments file (partner-console-environments)
      </label>
      <textarea
        id={id}
        className="mono env-io__input"
        rows={8}
        value={content}
        onChange={e => setContent(e.target.value)}
        spellCheck={false}
      />
      <div className="env-form__actions">
        <input
          type="file"
          accept="application/json,.json"
          aria-label="Choose an environments file"
          onChange={async e => {
            const file = e.target.files?.[0]
            if (file) setContent(await file.text())
          }}
        />
        <label className="env-check">
          Name taken:{' '}
          <select value={onConflict} onChange={e => setOnConflict(e.target.value as Conflict)} aria-label="When a name is taken">
            <option value="rename">rename the imported one</option>
            <option value="skip">skip it</option>
            <option value="replace">replace the existing one</option>
          </select>
        </label>
      </div>
      {hasSecrets && !storage.protected ? <UnprotectedConsent storage={storage} checked={accept} onChange={setAccept} /> : null}
      <div className="env-form__actions">
        <button type="button" className="btn" onClick={() => run.mutate(true)} disabled={!content.trim() || run.isPending}>
          Check
        </button>
        <button type="button" className="btn btn--primary" onClick={() => run.mutate(false)} disabled={!content.trim() || run.isPending}>
          Import
        </button>
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
      <ErrorBox error={run.error} title="Import refused." />
      {r ? (
        <div className="env-io__result" role="status">
          {r.dryRun ? (
            <p>
              Checked: {r.plan.filter(p => p.action !== 'skip').length} of {countIn(content)} would be imported
              {r.plan.length > 0
                ? ` (${r.plan
                    .filter(p => p.action !== 'skip')
                    .map(p => (p.action === 'rename' ? `as “${p.name}”` : p.action === 'replace' ? `replacing “${p.name}”` : `“${p.name}”`))
                    .join(', ')})`
                : ''}
              {r.problems.length > 0 ? `, ${r.problems.length} ha${r.problems.length === 1 ? 's' : 've'} problems (below)` : ''}. Nothing
              was saved.
            </p>
          ) : (
            <p>
              Imported {r.imported.length}: {r.imported.map(e => e.name).join(', ') || 'none'}.
              {r.skipped.length > 0 ? ` Skipped ${r.skipped.length}.` : ''}
            </p>
          )}
          {r.plan
            .filter(p => p.urlChanges && p.urlChanges.length > 0)
            .map(p => (
              <div key={`u${p.index}`} className="warn" data-testid="import-url-changes">
                <strong>“{p.name}”: addresses change</strong>
                <ul>
                  {p.urlChanges?.map(c => (
                    <li key={c.field} className="mono">
                      {c.field}: {c.from} → {c.to}
                    </li>
                  ))}
                </ul>
                <p>{p.credentials}</p>
              </div>
            ))}
          {r.skipped.map(s => (
            <p key={`s${s.index}`} className="warn">
              #{s.index} {s.name}: {s.reason}
            </p>
          ))}
          {r.problems.map(p => (
            <div key={`p${p.index}`} className="error-box">
              <strong>{p.index < 0 ? 'The file' : `#${p.index} ${p.name ?? ''}`}</strong>
              <ul>
                {p.issues.map(i => (
                  <li key={`${i.path}:${i.message}`}>
                    {i.path ? <span className="mono">{i.path}: </span> : null}
                    {i.message}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : null}
    </section>
  )
}
