/** Locations: built by the console issue (placeholder until then). */
export function LocationsPanel() {
  return (
    <div className="panel">
      <h1>Locations</h1>
      <p className="empty">Not built yet.</p>
    </div>
  )
}
