import { useRef, useState } from 'react'
import { ErrorBox } from '../../ui/error-box'
import { downloadText } from '../../ui/download-text'
import { harFileName, useExportHar, useImportHar } from './use-log-actions'
import { usePresenterStore } from '../../stores/presenter-store'

/**
 * Export HAR (sanitized; a HAR with the secrets put back only after an explicit confirmation that says what it holds)
 * and import a HAR to view it.
 */
export function HarActions({ ids }: { ids: string[] | undefined }) {
  const exporter = useExportHar()
  const importer = useImportHar()
  const input = useRef<HTMLInputElement>(null)
  const [confirming, setConfirming] = useState(false)
  const imported = importer.data
  const presenter = usePresenterStore(st => st.on)
  const exportHar = (includeSecrets: boolean) =>
    exporter.mutate({ ids, includeSecrets }, { onSuccess: r => downloadText(r.har, harFileName(new Date(), !r.sanitized)) })
  return (
    <>
      <button
        type="button"
        className="btn btn--small"
        disabled={exporter.isPending}
        title="HAR 1.2, sanitized: credentials are [redacted:label:fingerprint] placeholders. Filters apply."
        onClick={() => exportHar(false)}
      >
        {exporter.isPending ? 'Exporting…' : 'Export HAR'}
      </button>
      <button
        type="button"
        className="btn btn--small btn--danger"
        disabled={exporter.isPending || presenter}
        title={presenter ? 'Not while presenting: presenter mode refuses exports with secrets.' : undefined}
        onClick={() => setConfirming(true)}
      >
        With secrets…
      </button>
      {confirming ? (
        <div className="netlog__confirm" role="alertdialog" aria-label="Export a HAR with secrets">
          <span>
            This HAR will hold the tokens and client secrets this console knows, <strong>in clear</strong>: anyone with the file can act as
            the merchant until the tokens expire. Signatures and cookies stay redacted.
          </span>
          <button
            type="button"
            className="btn btn--small btn--danger"
            onClick={() => {
              setConfirming(false)
              exportHar(true)
            }}
          >
            Export with secrets
          </button>
          <button type="button" className="btn btn--small" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : null}
      <label className="btn btn--small netlog__import">
        {importer.isPending ? 'Importing…' : 'Import HAR'}
        <input
          ref={input}
          type="file"
          accept=".har,application/json"
          className="visually-hidden"
          disabled={importer.isPending}
          onChange={e => {
            const file = e.target.files?.[0]
            if (file) importer.mutate(file)
            if (input.current) input.current.value = ''
          }}
        />
      </label>
      {exporter.data && !exporter.isPending ? (
        <span className="netlog__said" role="status">
          Exported {exporter.data.entries} entries{' '}
          {exporter.data.sanitized
            ? '(sanitized)'
            : `WITH SECRETS (${exporter.data.restored ?? 0} restored, ${exporter.data.unresolved ?? 0} one-use values left redacted)`}
        </span>
      ) : null}
      {imported && !importer.isPending ? (
        <span className="netlog__said" role="status" title={imported.skipped.map(s => `#${s.index}: ${s.problem}`).join('\n')}>
          Imported {imported.imported} from {imported.name}
          {imported.skipped.length > 0
            ? `, skipped ${imported.skipped.length} (first: #${imported.skipped[0]?.index} ${imported.skipped[0]?.problem})`
            : ''}
        </span>
      ) : null}
      {exporter.error ? (
        <div className="netlog__error">
          <ErrorBox error={exporter.error} title="No HAR." />
        </div>
      ) : null}
      {importer.error ? (
        <div className="netlog__error">
          <ErrorBox error={importer.error} title="The HAR was not imported." />
        </div>
      ) : null}
    </>
  )
}
