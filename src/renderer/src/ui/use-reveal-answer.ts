import { type RefObject, useEffect, useRef } from 'react'
import { useNavStore } from '../stores/nav-store'

/** Below this many pixels of visible panel, the drawer is folded so the answer has room to be read. */
const MIN_VISIBLE = 320
/** The answer counts as in view when at least this much of its top shows. */
const TOP_SHOWN = 160

/**
 * Brings the answer to the click just made into view: when `answerKey` changes to a new value (a new response or
 * failure), the element is scrolled to the top of the section's scroll box (the panel above the drawer) unless its
 * top is already in view, and the drawer is folded when it leaves the panel too little height to read the answer.
 */
export function useRevealAnswer<T extends HTMLElement>(answerKey: string | null): RefObject<T | null> {
  const ref = useRef<T>(null)
  const seen = useRef(answerKey)
  useEffect(() => {
    if (answerKey === null || answerKey === seen.current) return
    seen.current = answerKey
    const el = ref.current
    const box = el?.closest<HTMLElement>('.main-panel')
    if (!el || !box) return
    if (box.clientHeight < MIN_VISIBLE && useNavStore.getState().drawerOpen) useNavStore.getState().toggleDrawer(false)
    // After the layout settles (the drawer's row, the answer's own render).
    requestAnimationFrame(() => {
      const view = box.getBoundingClientRect()
      const top = el.getBoundingClientRect().top
      if (top < view.top || top > view.bottom - Math.min(TOP_SHOWN, view.height / 2))
        el.scrollIntoView({ block: 'start', behavior: 'auto' })
    })
  }, [answerKey])
  return ref
}
