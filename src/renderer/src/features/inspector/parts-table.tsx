import type { InspectedSignature } from '../../../../shared/contract'
import { asSentence, partInfo } from './part-catalogue'

const MAX_VALUE_CHARS = 240

function clip(text: string): string {
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)} … (+${text.length - MAX_VALUE_CHARS})` : text
}

/**
 * The five parts one per row: where each sits (UTF-8 byte offset and length), what was signed (escaped, so whitespace
 * shows), what it came from when a rule changed it, the rule of docs/api.md#hmac-signature in one sentence and what it did here.
 */
export function PartsTable({ sig }: { sig: InspectedSignature }) {
  return (
    <div className="parts-table">
      <table className="table table--dense">
        <caption className="visually-hidden">Parts of the canonical string</caption>
        <thead>
          <tr>
            <th scope="col">Part</th>
            <th scope="col" className="num">
              Bytes
            </th>
            <th scope="col">Signed as</th>
            <th scope="col">Rule</th>
          </tr>
        </thead>
        <tbody>
          {sig.parts.map(p => {
            const info = partInfo(p.name)
            const changed = p.source !== p.value
            return (
              <tr key={p.name} data-testid={`part-row-${p.name}`}>
                <th scope="row">
                  <span className={info.className}>{info.label}</span>
                </th>
                <td className="mono num parts-table__bytes">
                  <span title="UTF-8 byte offset in the canonical string">@{p.offset}</span>
                  <span title="Length in UTF-8 bytes">{p.length} B</span>
                </td>
                <td className="parts-table__value">
                  <code className={`mono ${info.className}`}>{p.escaped === '' ? '(empty)' : clip(p.escaped)}</code>
                  {changed ? (
                    <div className="parts-table__source">
                      from <code className="mono">{clip(p.source) || '(nothing)'}</code>
                    </div>
                  ) : null}
                </td>
                <td className="parts-table__rule">
                  <span>{info.rule}</span> <span className="parts-table__applied">Here: {asSentence(p.rule, false)}</span>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
