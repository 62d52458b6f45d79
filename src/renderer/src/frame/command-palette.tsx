import { useEffect, useMemo, useRef, useState } from 'react'
import { type Command, useCommandStore } from '../stores/command-store'

/**
 * The command palette's dialog (opened with Ctrl/Cmd+K, see palette-shortcut.ts; loaded the first time it opens): type to
 * filter the commands, arrows to move, Enter to run, Escape to close.
 */
export function CommandPalette() {
  const open = useCommandStore(s => s.paletteOpen)
  const setOpen = useCommandStore(s => s.setPaletteOpen)
  const commands = useCommandStore(s => s.commands)
  const [query, setQuery] = useState('')
  const [index, setIndex] = useState(0)
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (open) {
      setQuery('')
      setIndex(0)
      setTimeout(() => input.current?.focus(), 0)
    }
  }, [open])

  const matches = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean)
    return [...commands.values()]
      .filter(c => words.every(w => c.title.toLowerCase().includes(w)))
      .sort((a, b) => a.title.localeCompare(b.title))
  }, [commands, query])

  if (!open) return null
  const run = (c: Command | undefined) => {
    if (!c) return
    setOpen(false)
    c.run()
  }
  return (
    <div className="palette-layer">
      <button type="button" className="palette-backdrop" aria-label="Close the command palette" onClick={() => setOpen(false)} />
      <div className="palette" role="dialog" aria-label="Command palette">
        <input
          ref={input}
          className="palette__input"
          placeholder="Type a command…"
          aria-label="Command"
          value={query}
          onChange={e => {
            setQuery(e.target.value)
            setIndex(0)
          }}
          onKeyDown={e => {
            if (e.key === 'Escape') setOpen(false)
            else if (e.key === 'ArrowDown') setIndex(i => Math.min(matches.length - 1, i + 1))
            else if (e.key === 'ArrowUp') setIndex(i => Math.max(0, i - 1))
            else if (e.key === 'Enter') run(matches[index])
            else return
            e.preventDefault()
          }}
        />
        <ul className="palette__list" aria-label="Commands">
          {matches.length === 0 ? <li className="empty">No command matches “{query}”.</li> : null}
          {matches.map((c, i) => (
            <li key={c.id}>
              <button
                type="button"
                aria-current={i === index ? 'true' : undefined}
                className={`palette__item${i === index ? ' palette__item--active' : ''}`}
                onMouseEnter={() => setIndex(i)}
                onClick={() => run(c)}
              >
                <span>{c.title}</span>
                {c.shortcut ? <kbd>{c.shortcut}</kbd> : null}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
