import { ConsoleError } from '../core/console-error'

/** Throws ConsoleError('cancelled') once the signal has aborted: called between the steps of a request. */
export function throwIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new ConsoleError('cancelled', 'The request was cancelled.')
}

/** Waits `ms`, or rejects with ConsoleError('cancelled') as soon as the signal aborts (a wait before a retry). */
export function sleepUnlessCancelled(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const cancelled = () => new ConsoleError('cancelled', 'The request was cancelled while waiting to retry.')
    if (signal.aborted) {
      reject(cancelled())
      return
    }
    const onAbort = () => {
      clearTimeout(timer)
      reject(cancelled())
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}
