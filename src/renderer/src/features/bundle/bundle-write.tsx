import { useState } from 'react'
import { downloadText } from '../../ui/download-text'
import { ErrorBox } from '../../ui/error-box'
import { useWriteBundle } from './use-bundle'

/**
 * "Repro bundle…" in the network log's toolbar: the shown entries (or all) with a note, as one file to share — the
 * sanitized HAR, the environment without secrets, skew, quotas, token fingerprints and lifecycle.
 */
export function BundleWrite({ ids }: { ids: string[] | undefined }) {
  const [open, setOpen] = useState(false)
  const [note, setNote] = useState('')
  const write = useWriteBundle(ids, note, r => {
    downloadText(r.text, r.fileName)
    setOpen(false)
  })
  return (
    <>
      <button type="button" className="btn btn--small" onClick={() => setOpen(o => !o)} aria-expanded={open}>
        Repro bundle…
      </button>
      {open ? (
        <form
          className="netlog__confirm"
          aria-label="Write a repro bundle"
          onSubmit={e => {
            e.preventDefault()
            write.mutate()
          }}
        >
          <label className="field">
            <span className="field__label">Note for whoever opens it</span>
            <textarea
              value={note}
              onChange={e => setNote(e.target.value)}
              rows={2}
              maxLength={8000}
              placeholder="What the merchant reported"
            />
          </label>
          <button type="submit" className="btn btn--small btn--primary" disabled={write.isPending}>
            {write.isPending ? 'Writing…' : `Write bundle (${ids ? ids.length : 'all'} entries)`}
          </button>
          <ErrorBox error={write.error} title="No bundle written." />
        </form>
      ) : null}
    </>
  )
}
