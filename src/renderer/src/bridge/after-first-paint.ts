import { useEffect, useState } from 'react'

let painted: Promise<void> | null = null

/**
 * Resolves once the page has painted its first frame (the next task after the animation frame that follows the
 * first React commit), so work the first screen does not show (the bridge's socket, the network log's chunk) runs
 * after the Overview heading is on screen instead of competing with it for the page's one thread. A hidden page gets
 * no animation frames: it resolves on the next task instead. Once resolved, it stays resolved.
 */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise<void>(resolve => {
    const next = () => setTimeout(resolve, 0)
    if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') next()
    else requestAnimationFrame(next)
  })
  return painted
}

/** False on the renders before the first paint, true from then on (see afterFirstPaint). */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(false)
  useEffect(() => {
    let live = true
    void afterFirstPaint().then(() => {
      if (live) setDone(true)
    })
    return () => {
      live = false
    }
  }, [])
  return done
}
