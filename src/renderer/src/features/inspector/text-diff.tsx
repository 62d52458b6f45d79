import { escapeInvisible } from '../../../../shared/spec'

/** Splits two strings into their common prefix and suffix and the differing middles. */
function diffMiddle(a: string, b: string): { prefix: string; a: string; b: string; suffix: string } {
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let end = 0
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++
  return {
    prefix: a.slice(0, start),
    a: a.slice(start, a.length - end),
    b: b.slice(start, b.length - end),
    suffix: a.slice(a.length - end),
  }
}

const CONTEXT = 48

function clipStart(text: string): string {
  return text.length > CONTEXT ? `…${text.slice(-CONTEXT)}` : text
}

function clipEnd(text: string): string {
  return text.length > CONTEXT ? `${text.slice(0, CONTEXT)}…` : text
}

/**
 * Two canonical strings one above the other, escaped, with the part where they differ marked: what the client signed
 * against what the server signs. Long common stretches are cut to a little context.
 */
export function CanonicalDiff({ signed, expected }: { signed: string; expected: string }) {
  const d = diffMiddle(escapeInvisible(signed), escapeInvisible(expected))
  const rows = [
    { label: 'They signed', mid: d.a, kind: 'theirs' },
    { label: 'Server signs', mid: d.b, kind: 'ours' },
  ]
  return (
    <dl className="canonical-diff mono">
      {rows.map(r => (
        <div key={r.kind} className="canonical-diff__row">
          <dt>{r.label}</dt>
          <dd>
            {clipStart(d.prefix)}
            <mark className={`canonical-diff__mark canonical-diff__mark--${r.kind}`}>{r.mid === '' ? '∅' : r.mid}</mark>
            {clipEnd(d.suffix)}
          </dd>
        </div>
      ))}
    </dl>
  )
}
