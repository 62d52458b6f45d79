/** Sandbox controls: built by the console issue (placeholder until then). */
export function SandboxPanel() {
  return (
    <div className="panel">
      <h1>Sandbox controls</h1>
      <p className="empty">Not built yet.</p>
    </div>
  )
}
