import { useState } from 'react'
import type { InspectedPart, InspectedSignature } from '../../../../shared/contract'
import { CopyButton } from '../../ui/copy-button'
import { HexDump } from './hex-dump'
import { partInfo } from './part-catalogue'

type View = 'text' | 'escaped' | 'hex'

const VIEWS: Array<{ id: View; label: string }> = [
  { id: 'text', label: 'Text' },
  { id: 'escaped', label: 'Escaped' },
  { id: 'hex', label: 'Hex' },
]

/** Characters of one part drawn at most (a 10 MB body would freeze the page; the hex view pages through bytes). */
const MAX_CHARS = 4000

function partSummary(part: InspectedPart): string {
  const info = partInfo(part.name)
  const end = part.offset + part.length
  return `${info.label} · bytes ${part.offset}–${end} · ${part.length} byte${part.length === 1 ? '' : 's'}`
}

function Segment({ part, text }: { part: InspectedPart; text: string }) {
  const info = partInfo(part.name)
  if (text === '') {
    return (
      <span className={`${info.className} part--empty`} title={`${partSummary(part)} (empty)`} data-part={part.name}>
        <span className="visually-hidden">{info.label}: </span>empty
      </span>
    )
  }
  const cut = text.length > MAX_CHARS
  return (
    <span className={info.className} title={partSummary(part)} data-part={part.name}>
      {cut ? text.slice(0, MAX_CHARS) : text}
      {cut ? <span className="part__more"> … {text.length - MAX_CHARS} more characters</span> : null}
    </span>
  )
}

/** One chip per part: its colour, label, byte offset and length, in canonical order. */
function PartLegend({ sig }: { sig: InspectedSignature }) {
  return (
    <ul className="part-legend" aria-label="Parts of the canonical string">
      {sig.parts.map(p => (
        <li key={p.name} className={partInfo(p.name).className} data-testid={`legend-${p.name}`}>
          <span className="part-legend__label">{partInfo(p.name).label}</span>
          <span className="mono part-legend__pos">
            @{p.offset} · {p.length} B
          </span>
        </li>
      ))}
    </ul>
  )
}

/**
 * The canonical string the HMAC is computed over, each part in its colour, as text, with invisible characters escaped
 * (a stray "\n" or non-breaking space is the classic invisible mismatch), or as bytes in hex.
 */
export function CanonicalView({ sig, title = 'Canonical string' }: { sig: InspectedSignature; title?: string }) {
  const [view, setView] = useState<View>('text')
  const id = title.toLowerCase().replace(/\W+/g, '-')
  return (
    <section className="canonical" aria-label={title}>
      <header className="canonical__head">
        <h2 className="inspector__h2">{title}</h2>
        <span className="mono canonical__size">
          {sig.byteLength} bytes · {sig.algorithm}
        </span>
        <div className="canonical__tabs" role="tablist" aria-label={`${title} view`}>
          {VIEWS.map(v => (
            <button
              key={v.id}
              type="button"
              role="tab"
              id={`${id}-tab-${v.id}`}
              aria-selected={view === v.id}
              aria-controls={`${id}-panel`}
              className={`tab${view === v.id ? ' tab--active' : ''}`}
              onClick={() => setView(v.id)}
            >
              {v.label}
            </button>
          ))}
        </div>
        <CopyButton text={sig.canonical} label="Copy string" />
      </header>
      <PartLegend sig={sig} />
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${view}`} className="canonical__body">
        {view === 'hex' ? (
          <HexDump sig={sig} />
        ) : (
          <p className={`canonical__string mono canonical__string--${view}`} data-testid={`canonical-${view}`}>
            {sig.parts.map(p => (
              <Segment key={p.name} part={p} text={view === 'text' ? p.value : p.escaped} />
            ))}
          </p>
        )}
      </div>
      {sig.secretRedacted ? (
        <p className="inspector__note">A known secret appears in this string: it is shown redacted and the hex views are hidden.</p>
      ) : null}
    </section>
  )
}
