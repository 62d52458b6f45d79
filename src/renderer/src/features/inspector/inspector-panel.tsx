/** Signature inspector: built by the console issue (placeholder until then). */
export function InspectorPanel() {
  return (
    <div className="panel">
      <h1>Signature inspector</h1>
      <p className="empty">Not built yet.</p>
    </div>
  )
}
