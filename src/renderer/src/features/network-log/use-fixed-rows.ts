import { type RefObject, useCallback, useLayoutEffect, useState } from 'react'

/** A row in the window: its index in the list, its React key, and where it starts and ends in the scroll box (px). */
interface FixedRow {
  index: number
  key: string | number
  start: number
  end: number
}

interface FixedRowsOptions {
  count: number
  rowHeight: number
  /** Space above the first row inside the scroll box (a sticky header row). */
  paddingStart: number
  /** Rows kept in the DOM beyond each edge of the view. */
  overscan: number
  scroller: RefObject<HTMLElement | null>
  keyOf: (index: number) => string | number
  /** The view's height assumed before the scroll box is measured (the first render). */
  initialHeight: number
}

/**
 * Windowing for a list whose rows all have one height: which rows are in view (plus `overscan` either side), where
 * each starts, the list's whole height, and bringing a row into view. With every row the same height the window is
 * arithmetic on the scroll box's scrollTop and height (read on scroll and on resize), so the network log needs no
 * virtualization library on the page's first-screen path (@tanstack/react-virtual was ~33 KB of the network log chunk, 52 → 19 KB).
 */
export function useFixedRows({ count, rowHeight, paddingStart, overscan, scroller, keyOf, initialHeight }: FixedRowsOptions) {
  const [view, setView] = useState({ top: 0, height: initialHeight })
  useLayoutEffect(() => {
    const el = scroller.current
    if (!el) return
    const read = () =>
      setView(v => (v.top === el.scrollTop && v.height === el.clientHeight ? v : { top: el.scrollTop, height: el.clientHeight }))
    read()
    el.addEventListener('scroll', read, { passive: true })
    // The box's own size changes with the drawer's; where ResizeObserver is missing, the window's resize is the cue.
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(read) : null
    resized?.observe(el)
    if (!resized) window.addEventListener('resize', read)
    return () => {
      el.removeEventListener('scroll', read)
      resized?.disconnect()
      window.removeEventListener('resize', read)
    }
  }, [scroller])

  const first = Math.max(0, Math.floor((view.top - paddingStart) / rowHeight) - overscan)
  const last = Math.min(count - 1, Math.ceil((view.top + view.height - paddingStart) / rowHeight) + overscan)
  const rows: FixedRow[] = []
  for (let index = first; index <= last; index++) {
    const start = paddingStart + index * rowHeight
    rows.push({ index, key: keyOf(index), start, end: start + rowHeight })
  }

  /** Scrolls the least that shows the row below the sticky header ('auto'), or puts it at the bottom edge ('end'). */
  const scrollToIndex = useCallback(
    (index: number, align: 'auto' | 'end' = 'auto') => {
      const el = scroller.current
      if (!el) return
      const start = paddingStart + index * rowHeight
      const end = start + rowHeight
      if (align === 'end') el.scrollTop = end - el.clientHeight
      else if (start - paddingStart < el.scrollTop) el.scrollTop = start - paddingStart
      else if (end > el.scrollTop + el.clientHeight) el.scrollTop = end - el.clientHeight
    },
    [scroller, paddingStart, rowHeight],
  )

  return { rows, totalSize: paddingStart + count * rowHeight, scrollToIndex }
}
