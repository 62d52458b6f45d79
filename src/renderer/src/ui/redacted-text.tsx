import type { ReactNode } from 'react'
import './redacted-text.css'

/** `[redacted:<label>:<8 hex>]`: how the engine names a secret it removed (the same value, the same fingerprint). */
const REDACTION = /\[redacted:([A-Za-z0-9_.-]+):([0-9a-f]{8})\]/g

/** The redaction markers in a text, each once, in order of appearance. */
export function redactionsIn(text: string): Array<{ label: string; fingerprint: string }> {
  const seen = new Set<string>()
  const out: Array<{ label: string; fingerprint: string }> = []
  for (const m of text.matchAll(REDACTION)) {
    const key = m[0]
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ label: m[1] as string, fingerprint: m[2] as string })
  }
  return out
}

/** One redacted value as a chip: what it was (label) and its fingerprint, never the value. */
export function RedactionChip({ label, fingerprint }: { label: string; fingerprint: string }) {
  return (
    <span
      className="redaction"
      data-testid="redaction-chip"
      data-fingerprint={fingerprint}
      title={`Redacted ${label}, fingerprint ${fingerprint}: the same secret has the same fingerprint everywhere (Tokens panel, HAR, cURL).`}
    >
      <span className="visually-hidden">redacted </span>
      <span className="redaction__label">{label}</span>
      <span className="redaction__fp">{fingerprint}</span>
    </span>
  )
}

/** A text with its redaction markers shown as chips (the rest as is). */
export function RedactedText({ text }: { text: string }) {
  const parts: ReactNode[] = []
  let last = 0
  for (const m of text.matchAll(REDACTION)) {
    const at = m.index ?? 0
    if (at > last) parts.push(text.slice(last, at))
    parts.push(<RedactionChip key={`${at}`} label={m[1] as string} fingerprint={m[2] as string} />)
    last = at + m[0].length
  }
  if (last === 0) return <>{text}</>
  if (last < text.length) parts.push(text.slice(last))
  return <>{parts}</>
}
