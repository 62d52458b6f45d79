import { ConsoleError } from './console-error'

/** How long a long task may hold the event loop before it yields a turn (ms): other calls wait at most about this. */
const SLICE_MS = 8

/**
 * A long loop's way to share the event loop: `await pause()` in each turn of the loop yields (setImmediate, so I/O and
 * other calls run) once the current slice has run `sliceMs`, and returns at once otherwise. Slices are measured in
 * time, not in items, so the wait a caller sees stays small whatever one item costs. An aborted `signal` makes the
 * next pause throw ConsoleError('cancelled') with `cancelled` as its message, so a cancelled task stops within one
 * slice and says what it left behind.
 */
export function timeSlicer(options: { signal?: AbortSignal; cancelled?: string; sliceMs?: number } = {}): () => Promise<void> | undefined {
  const sliceMs = options.sliceMs ?? SLICE_MS
  let sliceStart = performance.now()
  return () => {
    if (options.signal?.aborted) throw new ConsoleError('cancelled', options.cancelled ?? 'Stopped on request.')
    if (performance.now() - sliceStart <= sliceMs) return undefined
    return new Promise<void>(resolve =>
      setImmediate(() => {
        sliceStart = performance.now()
        resolve()
      }),
    )
  }
}
