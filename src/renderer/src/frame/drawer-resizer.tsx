import { type KeyboardEvent, type PointerEvent, useEffect, useState } from 'react'
import { DRAWER_MIN_HEIGHT as MIN, useDrawerHeightStore } from '../stores/drawer-height-store'

const STEP = 24

const max = () => Math.max(MIN, window.innerHeight - 24 - 160)

function apply(height: number | null): void {
  const root = document.documentElement
  if (height === null) root.style.removeProperty('--drawer-height')
  else root.style.setProperty('--drawer-height', `${Math.round(height)}px`)
}

/**
 * The drawer's top edge: drag it (or focus it and use the arrow keys; Home restores the default) to give the network
 * log more or less height. The height is remembered in this browser profile (stores/drawer-height-store.ts); the frame's grid reads it through the
 * `--drawer-height` variable (see drawer.css).
 */
export function DrawerResizer({ onSized }: { onSized: (sized: boolean) => void }) {
  const height = useDrawerHeightStore(s => s.height)
  const setHeight = useDrawerHeightStore(s => s.setHeight)
  useEffect(() => {
    apply(height)
    onSized(height !== null)
  }, [height, onSized])

  // The tallest the drawer may grow in this window, for screen readers: read once mounted and on every resize, not
  // while rendering (the first screen is also pre-rendered at build time, where there is no window to measure).
  const [maxHeight, setMaxHeight] = useState<number | undefined>(undefined)
  useEffect(() => {
    const measure = () => setMaxHeight(max())
    measure()
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [])

  const clamp = (h: number) => Math.min(max(), Math.max(MIN, h))
  const current = (el: Element) => el.parentElement?.getBoundingClientRect().height ?? MIN

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault()
    const startY = e.clientY
    const startH = current(e.currentTarget)
    const move = (m: globalThis.PointerEvent) => setHeight(clamp(startH + (startY - m.clientY)))
    const up = () => {
      window.removeEventListener('pointermove', move)
      window.removeEventListener('pointerup', up)
    }
    window.addEventListener('pointermove', move)
    window.addEventListener('pointerup', up)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const h = height ?? current(e.currentTarget)
    if (e.key === 'ArrowUp') setHeight(clamp(h + STEP))
    else if (e.key === 'ArrowDown') setHeight(clamp(h - STEP))
    else if (e.key === 'Home') setHeight(null)
    else if (e.key === 'End') setHeight(max())
    else return
    e.preventDefault()
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable splitter is the ARIA separator widget; <hr> cannot take focus or keys
    <div
      className="drawer__resizer"
      role="separator"
      aria-orientation="horizontal"
      aria-label="Resize the drawer"
      aria-valuemin={MIN}
      aria-valuemax={maxHeight}
      aria-valuenow={Math.round(height ?? MIN)}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onDoubleClick={() => setHeight(null)}
    />
  )
}
