import { useRef, useState } from 'react'
import { useConnectionStore } from '../../stores/connection-store'
import { usePresenterStore } from '../../stores/presenter-store'
import { downloadText } from '../../ui/download-text'
import { ErrorBox } from '../../ui/error-box'
import { harFileName, useOpenHar, useSaveHar } from './use-log-actions'

/**
 * Save HAR (sanitized; a HAR with the secrets put back only after an explicit confirmation that says what it holds)
 * and open a HAR to view it.
 */
export function HarActions({ ids }: { ids: string[] | undefined }) {
  const saver = useSaveHar()
  const opener = useOpenHar()
  const input = useRef<HTMLInputElement>(null)
  const [confirming, setConfirming] = useState(false)
  const imported = opener.data
  const presenter = usePresenterStore(st => st.on)
  const upload = useConnectionStore(st => st.upload)
  const saveHar = (includeSecrets: boolean) =>
    saver.mutate({ ids, includeSecrets }, { onSuccess: r => downloadText(r.har, harFileName(new Date(), !r.sanitized)) })
  return (
    <>
      <button
        type="button"
        className="btn btn--small"
        disabled={saver.isPending}
        title="HAR 1.2, sanitized: credentials are [redacted:label:fingerprint] placeholders. Filters apply."
        onClick={() => saveHar(false)}
      >
        {saver.isPending ? 'Saving…' : 'Save HAR'}
      </button>
      <button
        type="button"
        className="btn btn--small btn--danger"
        disabled={saver.isPending || presenter}
        title={presenter ? 'Not while presenting: presenter mode refuses files with secrets.' : undefined}
        onClick={() => setConfirming(true)}
      >
        With secrets…
      </button>
      {confirming ? (
        <div className="netlog__confirm" role="alertdialog" aria-label="Save a HAR with secrets">
          <span>
            This HAR will hold the tokens and client secrets this console knows, <strong>in clear</strong>: anyone with the file can act as
            the merchant until the tokens expire. Signatures and cookies stay redacted.
          </span>
          <button
            type="button"
            className="btn btn--small btn--danger"
            onClick={() => {
              setConfirming(false)
              saveHar(true)
            }}
          >
            Save with secrets
          </button>
          <button type="button" className="btn btn--small" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : null}
      <label className="btn btn--small netlog__import">
        {opener.isPending
          ? upload
            ? `Sending ${Math.floor((100 * upload.sent) / Math.max(1, upload.total))} %…`
            : 'Opening…'
          : 'Open HAR'}
        <input
          ref={input}
          type="file"
          accept=".har,application/json"
          className="visually-hidden"
          disabled={opener.isPending}
          onChange={e => {
            const file = e.target.files?.[0]
            if (file) opener.mutate(file)
            if (input.current) input.current.value = ''
          }}
        />
      </label>
      {opener.isPending ? (
        <button type="button" className="btn btn--small" onClick={opener.stop}>
          Stop
        </button>
      ) : null}
      {saver.data && !saver.isPending ? (
        <span className="netlog__said" role="status">
          Saved {saver.data.entries} entries{' '}
          {saver.data.sanitized
            ? '(sanitized)'
            : `WITH SECRETS (${saver.data.restored ?? 0} restored, ${saver.data.unresolved ?? 0} one-use values left redacted)`}
        </span>
      ) : null}
      {imported && !opener.isPending ? (
        <span className="netlog__said" role="status" title={imported.skipped.map(s => `#${s.index}: ${s.problem}`).join('\n')}>
          Imported {imported.imported} from {imported.name}
          {imported.dropped > 0 ? ` (the log keeps the newest ${imported.ids.length}; the oldest ${imported.dropped} are not kept)` : ''}
          {imported.skipped.length > 0
            ? `, skipped ${imported.skipped.length} (first: #${imported.skipped[0]?.index} ${imported.skipped[0]?.problem})`
            : ''}
        </span>
      ) : null}
      {saver.error ? (
        <div className="netlog__error">
          <ErrorBox error={saver.error} title="No HAR." />
        </div>
      ) : null}
      {opener.error ? (
        <div className="netlog__error">
          <ErrorBox error={opener.error} title="The HAR was not imported." />
        </div>
      ) : null}
    </>
  )
}
