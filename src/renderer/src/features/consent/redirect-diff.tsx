import type { DiffSegment, RedirectDiagnosis } from '../../../../shared/contract'

/** Makes invisible characters visible: a space, a tab, a line break would otherwise look like nothing. */
function visible(ch: string): string {
  if (ch === ' ') return '␠'
  if (ch === '\t') return '⇥'
  if (ch === '\n') return '↵'
  if (ch === '\r') return '␍'
  return ch
}

function codePointOf(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0
  return `"${ch}" U+${cp.toString(16).toUpperCase().padStart(4, '0')}`
}

type Row = 'sent' | 'registered'

/** One row of cells: this URI's characters, with gaps where only the other URI has characters (keeps columns aligned). */
function Cells({ segments, row }: { segments: DiffSegment[]; row: Row }) {
  const mine = row === 'sent' ? 'sent-only' : 'registered-only'
  let index = 0
  const cells: Array<{ key: string; text: string; kind: 'same' | 'diff' | 'gap'; title?: string }> = []
  segments.forEach((seg, s) => {
    const chars = [...seg.text]
    chars.forEach((ch, c) => {
      if (seg.kind === 'same' || seg.kind === mine) {
        cells.push({
          key: `${s}.${c}`,
          text: visible(ch),
          kind: seg.kind === 'same' ? 'same' : 'diff',
          title: `index ${index}: ${codePointOf(ch)}`,
        })
        index += ch.length
      } else {
        cells.push({ key: `${s}.${c}`, text: ' ', kind: 'gap' })
      }
    })
  })
  return (
    <span className="diff__cells">
      {cells.map(cell => (
        <span key={cell.key} className={`diff__cell diff__cell--${cell.kind}`} title={cell.title} data-kind={cell.kind}>
          {cell.text}
        </span>
      ))}
    </span>
  )
}

/**
 * The sent and the registered redirect URI one above the other, character by character, from the engine's diagnosis:
 * characters only one side has are marked (and gaps keep the columns aligned), followed by the named causes.
 */
export function RedirectDiff({ diagnosis }: { diagnosis: RedirectDiagnosis }) {
  return (
    <section className="diff" aria-label="Redirect URI comparison">
      <p className={diagnosis.equal ? 'diff__summary diff__summary--equal' : 'diff__summary'}>
        {diagnosis.differences.length > 0 ? 'The URIs differ, character by character:' : diagnosis.summary}
      </p>
      <div className="diff__grid">
        <span className="diff__label">Sent</span>
        <span className="diff__row mono" data-testid="diff-sent">
          <Cells segments={diagnosis.segments} row="sent" />
        </span>
        <span className="diff__label">Registered</span>
        <span className="diff__row mono" data-testid="diff-registered">
          <Cells segments={diagnosis.segments} row="registered" />
        </span>
      </div>
      {diagnosis.firstDifferenceAt !== null ? (
        <p className="diff__first">
          First difference at character <span className="mono">{diagnosis.firstDifferenceAt}</span> of what was sent.
        </p>
      ) : null}
      {diagnosis.differences.length > 0 ? (
        <ul className="diff__causes" aria-label="Likely causes">
          {diagnosis.differences.map(d => (
            <li key={`${d.kind}:${d.message}`}>
              <span className="badge mono">{d.kind}</span> {d.message}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
