import { type KeyboardEvent, useEffect, useRef } from 'react'
import type { LogEntrySummary, PhaseTimings } from '../../../../shared/contract'
import { formatBytes, formatMs, statusView, typeView } from './log-format'
import { useFixedRows } from './use-fixed-rows'

/** 24 px rows: each row's button is a 24 px target (WCAG 2.2 AA, 2.5.8). */
export const ROW_HEIGHT = 24
/** The sticky header row, above the first row inside the scroll box. */
const HEADER_HEIGHT = 22

interface LogListProps {
  entries: LogEntrySummary[]
  selectedId: string | null
  onSelect: (id: string) => void
  /** Fewer columns, when the detail takes half the drawer. */
  compact?: boolean
}

/**
 * The network log's list, virtualized: only the rows in view (plus a few) are in the DOM, whatever the count, so
 * 10,000 entries scroll as smoothly as 10. Oldest first; it follows new entries while scrolled to the bottom. The
 * waterfall column lays the visible rows on one time axis. Arrow keys move the selection.
 */
export function LogList({ entries, selectedId, onSelect, compact = false }: LogListProps) {
  const scroller = useRef<HTMLDivElement>(null)
  const follow = useRef(true)
  const {
    rows: items,
    totalSize,
    scrollToIndex,
  } = useFixedRows({
    count: entries.length,
    rowHeight: ROW_HEIGHT,
    paddingStart: HEADER_HEIGHT,
    overscan: 12,
    scroller,
    keyOf: i => entries[i]?.id ?? i,
    initialHeight: 300,
  })

  useEffect(() => {
    if (follow.current && entries.length > 0) scrollToIndex(entries.length - 1, 'end')
  }, [entries.length, scrollToIndex])

  const visible = items.map(it => entries[it.index]).filter((e): e is LogEntrySummary => e !== undefined)
  let t0 = Number.POSITIVE_INFINITY
  let t1 = Number.NEGATIVE_INFINITY
  for (const e of visible) {
    const start = Date.parse(e.startedAt)
    t0 = Math.min(t0, start)
    t1 = Math.max(t1, start + (e.durationMs ?? 0))
  }
  const span = Math.max(1, t1 - t0)

  const move = (e: KeyboardEvent, index: number) => {
    const next =
      e.key === 'ArrowDown' ? index + 1 : e.key === 'ArrowUp' ? index - 1 : e.key === 'End' ? entries.length - 1 : e.key === 'Home' ? 0 : -1
    if (next < 0 || next >= entries.length || next === index) return
    e.preventDefault()
    onSelect((entries[next] as LogEntrySummary).id)
    scrollToIndex(next)
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLButtonElement>(`tr[data-index="${next}"] button`)?.focus())
  }

  const first = items[0]
  const last = items[items.length - 1]
  const padTop = first ? first.start - HEADER_HEIGHT : 0
  const padBottom = last ? totalSize - last.end : 0
  const columns = compact ? 4 : 8
  return (
    <div
      ref={scroller}
      className="netlog__scroll"
      data-testid="log-scroll"
      onScroll={e => {
        const el = e.currentTarget
        follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < ROW_HEIGHT * 2
      }}
    >
      <table
        className={`netlog__table${compact ? ' netlog__table--compact' : ''}`}
        aria-label="Network log"
        aria-rowcount={entries.length + 1}
      >
        <colgroup>
          {compact ? null : <col className="netlog__c-seq" />}
          <col className="netlog__c-method" />
          <col className="netlog__c-status" />
          <col className="netlog__c-name" />
          {compact ? null : <col className="netlog__c-type" />}
          {compact ? null : <col className="netlog__c-size" />}
          <col className="netlog__c-time" />
          {compact ? null : <col className="netlog__c-fall" />}
        </colgroup>
        <thead>
          <tr>
            {compact ? null : <th scope="col">#</th>}
            <th scope="col">Method</th>
            <th scope="col">Status</th>
            <th scope="col">Name</th>
            {compact ? null : <th scope="col">Type</th>}
            {compact ? null : <th scope="col">Size</th>}
            <th scope="col">Time</th>
            {compact ? null : <th scope="col">Waterfall</th>}
          </tr>
        </thead>
        <tbody>
          {padTop > 0 ? (
            <tr className="netlog__pad">
              <td colSpan={columns} style={{ height: padTop }} />
            </tr>
          ) : null}
          {items.map(it => {
            const e = entries[it.index]
            if (!e) return null
            const status = statusView(e)
            const selected = e.id === selectedId
            const start = Date.parse(e.startedAt)
            return (
              <tr
                key={it.key}
                data-index={it.index}
                data-testid="log-row"
                aria-rowindex={it.index + 2}
                aria-selected={selected}
                className={`netlog__row netlog__row--${status.tone}${selected ? ' netlog__row--selected' : ''}${e.imported ? ' netlog__row--imported' : ''}`}
              >
                {compact ? null : <td className="mono netlog__seq">{e.seq}</td>}
                <td className="mono">{e.method}</td>
                <td className={`mono netlog__status netlog__status--${status.tone}`} title={e.error ?? e.statusText}>
                  {status.text}
                </td>
                <td className="netlog__name-cell">
                  <button
                    type="button"
                    className="netlog__name mono"
                    title={e.url}
                    onClick={() => onSelect(e.id)}
                    onKeyDown={k => move(k, it.index)}
                  >
                    {e.imported ? <span className="netlog__har">HAR</span> : null}
                    {e.source === 'captured' ? (
                      <span className="netlog__har netlog__captured" title="Sent by your integration through the capture">
                        captured
                      </span>
                    ) : null}
                    {e.path}
                    <span className="netlog__host"> {e.host}</span>
                  </button>
                </td>
                {compact ? null : <td className="netlog__type">{typeView(e)}</td>}
                {compact ? null : <td className="mono netlog__num">{formatBytes(e.responseBytes)}</td>}
                <td className="mono netlog__num">{formatMs(e.durationMs)}</td>
                {compact ? null : (
                  <td className="netlog__fall" aria-hidden="true">
                    <span
                      className={`netlog__fall-bar netlog__fall-bar--${status.tone}${e.timings ? ' netlog__fall-bar--phased' : ''}`}
                      style={{
                        left: `${((start - t0) / span) * 100}%`,
                        width: `max(2px, ${(((e.durationMs ?? 0) / span) * 100).toFixed(3)}%)`,
                      }}
                    >
                      {e.timings ? <PhaseSegments timings={e.timings} /> : null}
                    </span>
                  </td>
                )}
              </tr>
            )
          })}
          {padBottom > 0 ? (
            <tr className="netlog__pad">
              <td colSpan={columns} style={{ height: padBottom }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  )
}

const PHASES = ['blocked', 'dns', 'connect', 'tls', 'send', 'wait', 'receive'] as const

/** The phases of one exchange as coloured slices of its bar (the same colours as the detail's waterfall). */
function PhaseSegments({ timings }: { timings: PhaseTimings }) {
  const total = PHASES.reduce((sum, p) => sum + Math.max(0, timings[p] ?? 0), 0)
  if (total <= 0) return null
  return (
    <>
      {PHASES.map(p => {
        const v = Math.max(0, timings[p] ?? 0)
        return v > 0 ? <span key={p} className={`netlog__phase netlog__phase--${p}`} style={{ width: `${(v / total) * 100}%` }} /> : null
      })}
    </>
  )
}
