/** Environments: built by the console issue (placeholder until then). */
export function EnvironmentsPanel() {
  return (
    <div className="panel">
      <h1>Environments</h1>
      <p className="empty">Not built yet.</p>
    </div>
  )
}
