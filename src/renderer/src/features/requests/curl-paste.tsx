import { useState } from 'react'
import { ErrorBox } from '../../ui/error-box'
import { useCurlImport } from './use-imports'

/** "Paste cURL": a box for a cURL command (bash or Windows cmd quoting) that becomes the composer's request. */
export function CurlPaste({ envId }: { envId: string | null }) {
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const curl = useCurlImport(envId, () => {
    setOpen(false)
    setText('')
  })
  if (!open) {
    return (
      <button type="button" className="btn btn--small" onClick={() => setOpen(true)} title="Turn a cURL command into this request">
        Paste cURL
      </button>
    )
  }
  return (
    <fieldset className="wb-curl" aria-label="Paste cURL">
      <textarea
        className="input mono"
        aria-label="cURL command"
        rows={4}
        value={text}
        placeholder="curl 'https://…' -H 'x-signature: …' --data-raw '…'"
        autoFocus
        onChange={e => setText(e.target.value)}
      />
      <div className="wb-line">
        <button
          type="button"
          className="btn btn--primary btn--small"
          disabled={text.trim() === '' || curl.isPending}
          onClick={() => curl.mutate(text)}
        >
          Use this request
        </button>
        <button type="button" className="btn btn--small" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
      <ErrorBox error={curl.error} title="The cURL command could not be used." />
    </fieldset>
  )
}
