/** Quotas: built by the console issue (placeholder until then). */
export function QuotasPanel() {
  return (
    <div className="panel">
      <h1>Quotas</h1>
      <p className="empty">Not built yet.</p>
    </div>
  )
}
