import { useState } from 'react'
import { tabTitle, useRequestsStore } from './requests-store'

/**
 * The strip of open drafts above the composer: pick, close (✕, Ctrl/⌘+W), new (+, Ctrl/⌘+T), duplicate, and reorder
 * by dragging a tab (or Ctrl/⌘+Shift+PageUp/PageDown). A dot marks a tab edited since it was opened or saved.
 */
export function DraftTabs({ problem }: { problem: string | null }) {
  const tabs = useRequestsStore(s => s.tabs)
  const activeId = useRequestsStore(s => s.activeId)
  const { activate, closeTab, newTab, duplicateTab, moveTab } = useRequestsStore.getState()
  const [dragging, setDragging] = useState<string | null>(null)
  return (
    <div className="wb-drafts">
      <div className="wb-drafts__strip">
        <div className="wb-drafts__tabs" role="tablist" aria-label="Open drafts">
          {tabs.map((t, index) => {
            const title = tabTitle(t)
            return (
              <div key={t.id} className={`wb-draft${t.id === activeId ? ' wb-draft--active' : ''}`}>
                <button
                  type="button"
                  role="tab"
                  aria-selected={t.id === activeId}
                  className="wb-draft__label mono"
                  title={title}
                  onClick={() => activate(t.id)}
                  draggable
                  onDragStart={e => {
                    setDragging(t.id)
                    e.dataTransfer.effectAllowed = 'move'
                    e.dataTransfer.setData('text/plain', t.id)
                  }}
                  onDragOver={e => e.preventDefault()}
                  onDrop={e => {
                    e.preventDefault()
                    const id = dragging ?? e.dataTransfer.getData('text/plain')
                    if (id) moveTab(id, index)
                    setDragging(null)
                  }}
                  onDragEnd={() => setDragging(null)}
                >
                  {t.edited ? (
                    <span className="wb-draft__edited" title="Edited since it was opened or saved">
                      •{' '}
                    </span>
                  ) : null}
                  {title}
                </button>
                {/* Mouse only, outside the tab list's accessibility tree (a tab list holds tabs only): Ctrl/⌘+W closes the tab in front. */}
                <button
                  type="button"
                  className="wb-draft__close"
                  aria-hidden="true"
                  tabIndex={-1}
                  aria-label={`Close ${title}`}
                  title="Close (Ctrl/⌘+W)"
                  onClick={() => closeTab(t.id)}
                >
                  ✕
                </button>
              </div>
            )
          })}
        </div>
        <button type="button" className="btn btn--small" aria-label="New tab" title="New tab (Ctrl/⌘+T)" onClick={newTab}>
          +
        </button>
        <button type="button" className="btn btn--small" onClick={() => duplicateTab()} title="A copy of the tab in front">
          Duplicate
        </button>
      </div>
      {problem ? (
        <p className="warn" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
