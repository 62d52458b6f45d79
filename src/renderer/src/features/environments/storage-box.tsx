import type { EnvironmentList } from '../../../../shared/contract'

/** Where secrets live (the backend, labelled, with its one-sentence description) and any storage problem found at start. */
export function StorageBox({ list }: { list: EnvironmentList }) {
  const s = list.storage
  return (
    <section className="storage" aria-label="Secret storage">
      <p>
        <span className="field__label">Secret storage</span>{' '}
        <span className={`badge mono${s.protected ? '' : ' badge--warn'}`} data-testid="storage-backend">
          {s.backend}
        </span>{' '}
        {s.protected ? null : <strong className="warn">not protected · </strong>}
        {s.description}
      </p>
      <p className="storage__files mono">
        {s.environmentsFile} · {s.vaultFile}
      </p>
      {list.problems.map(p => (
        <div key={`${p.kind}:${p.file}:${p.environmentId ?? ''}`} className="error-box" role="alert">
          <strong>{p.message}</strong>
          {p.movedTo ? (
            <span>
              {' '}
              The file was moved to <span className="mono">{p.movedTo}</span> (never deleted).
            </span>
          ) : null}
          <p className="error-box__hint">{p.hint}</p>
        </div>
      ))}
    </section>
  )
}
