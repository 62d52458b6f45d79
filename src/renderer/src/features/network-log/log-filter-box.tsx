import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react'
import { filterSuggestions } from './filter-suggestions'
import { useLogStore } from './log-store'
import { useLogView } from './use-log-feed'

const hostsOf = (entries: ReadonlyArray<{ host: string }>) => [...new Set(entries.map(e => e.host))].sort().slice(0, 20)

/**
 * The log's filter box: the engine's filter language (`status:4xx -source:operator method:POST "M-2002"`), with
 * suggestions for the word being typed (keys, their values, the hosts in the log). Arrow keys move through them,
 * Enter or Tab takes one, Escape closes the list; the problems of terms the engine could not read show below.
 */
export function LogFilterBox({ problems }: { problems: string[] }) {
  const query = useLogStore(s => s.query)
  const setQuery = useLogStore(s => s.setQuery)
  const hosts = useLogView(v => hostsOf(v.entries).join('\n'))
  const input = useRef<HTMLInputElement>(null)
  const [caret, setCaret] = useState(0)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const listId = useId()
  const problemsId = useId()
  const suggestions = useMemo(() => filterSuggestions(query, caret, hosts ? hosts.split('\n') : []), [query, caret, hosts])
  const showing = open && suggestions.length > 0
  const choose = (i: number) => {
    const s = suggestions[i]
    if (!s) return
    setQuery(s.query)
    setCaret(s.caret)
    setActive(0)
    // A finished term closes the list; typing the next word opens it again.
    setOpen(!s.query.slice(0, s.caret).endsWith(' '))
    requestAnimationFrame(() => {
      input.current?.focus()
      input.current?.setSelectionRange(s.caret, s.caret)
    })
  }
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!showing) {
      if (e.key === 'ArrowDown') setOpen(true)
      return
    }
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      const step = e.key === 'ArrowDown' ? 1 : -1
      setActive(a => (a + step + suggestions.length) % suggestions.length)
    } else if (e.key === 'Enter' || (e.key === 'Tab' && !e.shiftKey)) {
      e.preventDefault()
      choose(active)
    } else if (e.key === 'Escape') {
      e.preventDefault()
      setOpen(false)
    }
  }
  return (
    <div className="netlog__filter">
      <input
        ref={input}
        type="search"
        className="netlog__text mono"
        placeholder="Filter: status:4xx method:POST host: source: auth: -negate, text in URL or body"
        aria-label="Filter the log"
        aria-controls={showing ? listId : undefined}
        aria-describedby={problems.length > 0 ? problemsId : undefined}
        aria-invalid={problems.length > 0}
        spellCheck={false}
        autoComplete="off"
        value={query}
        onChange={e => {
          setQuery(e.target.value)
          setCaret(e.target.selectionStart ?? e.target.value.length)
          setActive(0)
          setOpen(true)
        }}
        onSelect={e => setCaret(e.currentTarget.selectionStart ?? 0)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKey}
      />
      {showing ? (
        <ul className="netlog__suggest" id={listId} aria-label="Filter suggestions">
          {suggestions.map((s, i) => (
            <li key={s.label}>
              <button
                type="button"
                tabIndex={-1}
                aria-current={i === active ? 'true' : undefined}
                className={`netlog__suggest-item${i === active ? ' netlog__suggest-item--active' : ''}`}
                // The input keeps its focus (its blur would close the list before the click lands).
                onMouseDown={e => e.preventDefault()}
                onClick={() => choose(i)}
              >
                <span className="mono">{s.label}</span>
                {s.hint ? <span className="netlog__suggest-hint">{s.hint}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {problems.length > 0 ? (
        <div className="netlog__problems" id={problemsId} role="status">
          {problems.map(p => (
            <div key={p}>{p}</div>
          ))}
        </div>
      ) : null}
    </div>
  )
}
