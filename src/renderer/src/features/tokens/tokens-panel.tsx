/** Tokens: built by the console issue (placeholder until then). */
export function TokensPanel() {
  return (
    <div className="panel">
      <h1>Tokens</h1>
      <p className="empty">Not built yet.</p>
    </div>
  )
}
