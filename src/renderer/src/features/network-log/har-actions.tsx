import { useRef } from 'react'
import { ErrorBox } from '../../ui/error-box'
import { downloadText, harFileName, useExportHar, useImportHar } from './use-log-actions'

/**
 * Export HAR (always sanitized: the log redacts at capture and never keeps a secret, so no "with secrets" HAR can
 * exist — to replay with real credentials, copy as cURL with live credentials) and import a HAR to view it.
 */
export function HarActions({ ids }: { ids: string[] | undefined }) {
  const exporter = useExportHar()
  const importer = useImportHar()
  const input = useRef<HTMLInputElement>(null)
  const imported = importer.data
  return (
    <>
      <button
        type="button"
        className="btn btn--small"
        disabled={exporter.isPending}
        title="HAR 1.2, always sanitized: credentials are [redacted:label:fingerprint] placeholders (the log never keeps a secret, so a HAR with secrets cannot exist; to replay with real credentials use Copy with live credentials). Filters apply."
        onClick={() => exporter.mutate(ids, { onSuccess: (r) => downloadText(r.har, harFileName()) })}
      >
        {exporter.isPending ? 'Exporting…' : 'Export HAR'}
      </button>
      <label className="btn btn--small netlog__import">
        {importer.isPending ? 'Importing…' : 'Import HAR'}
        <input
          ref={input}
          type="file"
          accept=".har,application/json"
          className="visually-hidden"
          disabled={importer.isPending}
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (file) importer.mutate(file)
            if (input.current) input.current.value = ''
          }}
        />
      </label>
      {exporter.data && !exporter.isPending ? (
        <span className="netlog__said" role="status">
          Exported {exporter.data.entries} entries (sanitized)
        </span>
      ) : null}
      {imported && !importer.isPending ? (
        <span className="netlog__said" role="status" title={imported.skipped.map((s) => `#${s.index}: ${s.problem}`).join('\n')}>
          Imported {imported.imported} from {imported.name}
          {imported.skipped.length > 0 ? `, skipped ${imported.skipped.length} (first: #${imported.skipped[0]?.index} ${imported.skipped[0]?.problem})` : ''}
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
