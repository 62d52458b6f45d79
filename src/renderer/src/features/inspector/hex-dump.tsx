import { useMemo, useState } from 'react'
import type { InspectedSignature } from '../../../../shared/contract'
import { partInfo } from './part-catalogue'

const BYTES_PER_ROW = 16
const ROWS_PER_PAGE = 128
const COLUMNS = Array.from({ length: BYTES_PER_ROW }, (_, i) => String(i).padStart(2, '0'))

interface Row {
  offset: number
  bytes: Array<{ hex: string; part: number; at: number }>
}

/** Splits the canonical hex into rows of 16 bytes, each byte tagged with the index of the part it belongs to. */
function rowsOf(sig: InspectedSignature): Row[] {
  const hex = sig.canonicalHex
  const count = hex.length / 2
  const rows: Row[] = []
  let part = 0
  for (let i = 0; i < count; i++) {
    while (part < sig.parts.length - 1 && i >= sig.parts[part]!.offset + sig.parts[part]!.length) part++
    if (i % BYTES_PER_ROW === 0) rows.push({ offset: i, bytes: [] })
    rows[rows.length - 1]!.bytes.push({ hex: hex.slice(i * 2, i * 2 + 2), part, at: i })
  }
  return rows
}

function printable(hex: string): string {
  const code = Number.parseInt(hex, 16)
  return code >= 0x20 && code <= 0x7e ? String.fromCharCode(code) : '.'
}

/**
 * The canonical string's UTF-8 bytes as a hex dump (decimal byte offsets, 16 bytes a row, printable ASCII on the
 * right), each byte in its part's colour. Long strings render a page of rows at a time.
 */
export function HexDump({ sig }: { sig: InspectedSignature }) {
  const rows = useMemo(() => rowsOf(sig), [sig])
  const [shown, setShown] = useState(ROWS_PER_PAGE)
  if (sig.secretRedacted) {
    return (
      <p className="empty" data-testid="hex-hidden">
        Hex hidden: the canonical string contains a known secret (e.g. a token in the body), and its bytes would spell it.
      </p>
    )
  }
  const visible = rows.slice(0, shown)
  const hiddenBytes = Math.max(0, sig.canonicalHex.length / 2 - shown * BYTES_PER_ROW)
  return (
    <div className="hex-dump mono" data-testid="canonical-hex">
      <div className="hex-dump__row hex-dump__head" aria-hidden="true">
        <span className="hex-dump__offset">byte</span>
        <span className="hex-dump__bytes">
          {COLUMNS.map(c => (
            <span key={c} className="hex-dump__col">
              {c}
            </span>
          ))}
        </span>
      </div>
      {visible.map(row => (
        <div key={row.offset} className="hex-dump__row">
          <span className="hex-dump__offset">{String(row.offset).padStart(6, '0')}</span>
          <span className="hex-dump__bytes">
            {row.bytes.map(b => (
              <span
                key={b.at}
                className={`hex-byte ${partInfo(sig.parts[b.part]!.name).className}`}
                title={`${partInfo(sig.parts[b.part]!.name).label} · byte ${b.at}`}
              >
                {b.hex}
              </span>
            ))}
          </span>
          <span className="hex-dump__ascii" aria-hidden="true">
            {row.bytes.map(b => printable(b.hex)).join('')}
          </span>
        </div>
      ))}
      {hiddenBytes > 0 ? (
        <button type="button" className="btn btn--small" onClick={() => setShown(n => n + ROWS_PER_PAGE)}>
          Show {Math.min(hiddenBytes, ROWS_PER_PAGE * BYTES_PER_ROW)} more bytes ({hiddenBytes} not shown)
        </button>
      ) : null}
      {sig.canonicalHexTruncated ? (
        <p className="empty">
          The hex view stops after the first {sig.hexLimitBytes} bytes of {sig.byteLength}.
        </p>
      ) : null}
    </div>
  )
}
