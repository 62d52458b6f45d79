export interface Row {
  name: string
  value: string
  enabled: boolean
}

/** An editable name/value table (query or headers): a checkbox to leave a row out, and an empty row to add one. */
export function KeyValueTable({
  rows,
  onChange,
  label,
  namePlaceholder,
}: {
  rows: Row[]
  onChange: (rows: Row[]) => void
  label: string
  namePlaceholder: string
}) {
  const all = [...rows, { name: '', value: '', enabled: true }]
  const update = (i: number, patch: Partial<Row>) => {
    const next = all.map((r, j) => (j === i ? { ...r, ...patch } : r))
    onChange(next.filter((r, j) => j < rows.length || r.name !== '' || r.value !== ''))
  }
  return (
    <table className="table table--dense wb-kv" aria-label={label}>
      <tbody>
        {all.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the position is the identity
          <tr key={i}>
            <td className="wb-kv__check">
              {i < rows.length ? (
                <input
                  type="checkbox"
                  checked={r.enabled}
                  aria-label={`Send ${r.name || 'this row'}`}
                  onChange={e => update(i, { enabled: e.target.checked })}
                />
              ) : null}
            </td>
            <td>
              <input
                className="input mono"
                value={r.name}
                placeholder={namePlaceholder}
                aria-label={`${label} name ${i + 1}`}
                onChange={e => update(i, { name: e.target.value })}
              />
            </td>
            <td>
              <input
                className="input mono"
                value={r.value}
                placeholder="value"
                aria-label={`${label} value ${i + 1}`}
                onChange={e => update(i, { value: e.target.value })}
              />
            </td>
            <td className="wb-kv__del">
              {i < rows.length ? (
                <button
                  type="button"
                  className="btn btn--small"
                  aria-label={`Remove ${r.name || 'row'}`}
                  onClick={() => onChange(rows.filter((_, j) => j !== i))}
                >
                  ✕
                </button>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
