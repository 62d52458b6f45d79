/** Export tickets: built by the console issue (placeholder until then). */
export function ExportTicketsPanel() {
  return (
    <div className="panel">
      <h1>Export tickets</h1>
      <p className="empty">Not built yet.</p>
    </div>
  )
}
