import type { HeaderPair } from '../../../shared/contract'
import { RedactedText } from './redacted-text'
import './headers-table.css'

/** Header lines in the order they were sent or received, redacted values as fingerprint chips. */
export function HeadersTable({ headers, label }: { headers: HeaderPair[]; label: string }) {
  if (headers.length === 0) return <p className="empty">No {label.toLowerCase()}.</p>
  return (
    <table className="kv-table" aria-label={label}>
      <tbody>
        {headers.map((h, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: header lines are positional (duplicates are kept)
          <tr key={i}>
            <th scope="row" className="mono">
              {h.name}
            </th>
            <td className="mono">
              <RedactedText text={h.value} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
