import { useEffect, useState } from 'react'

let committed: () => void = () => {}
const firstCommit = new Promise<void>(resolve => {
  committed = resolve
})
let painted: Promise<void> | null = null

/**
 * Called once React has committed the console's first render (QueryRoot's effect). Until then nothing counts as
 * painted: a pre-rendered first screen is on screen before the script runs, and an answer from the engine that came
 * while React was still adopting that markup would make React throw it away and render the page again.
 */
export function markFirstCommit(): void {
  committed()
}

/**
 * Resolves once the page has painted its first frame after React's first commit (the next task after the animation
 * frame that follows markFirstCommit), so work the first screen does not show (the bridge's socket, the network log's
 * chunk) runs after the Overview heading is on screen instead of competing with it for the page's one thread. A hidden
 * page gets no animation frames: it resolves on the next task instead. Once resolved, it stays resolved.
 */
export function afterFirstPaint(): Promise<void> {
  painted ??= firstCommit.then(
    () =>
      new Promise<void>(resolve => {
        const next = () => setTimeout(resolve, 0)
        if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') next()
        else requestAnimationFrame(next)
      }),
  )
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
