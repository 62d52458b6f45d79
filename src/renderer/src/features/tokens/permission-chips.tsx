/** Permissions granted by the merchant (docs/api.md#token-response), one chip each. */
export function PermissionChips({ permissions }: { permissions: string[] }) {
  if (permissions.length === 0) return <span className="empty">none granted</span>
  return (
    <ul className="chips" aria-label="Permissions">
      {permissions.map(p => (
        <li key={p} className="chip mono">
          {p}
        </li>
      ))}
    </ul>
  )
}
