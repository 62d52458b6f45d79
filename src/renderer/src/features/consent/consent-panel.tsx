/** Consent flow: built by the console issue (placeholder until then). */
export function ConsentPanel() {
  return (
    <div className="panel">
      <h1>Consent flow</h1>
      <p className="empty">Not built yet.</p>
    </div>
  )
}
