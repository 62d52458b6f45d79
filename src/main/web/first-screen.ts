interface FirstScreenWatch {
  /** A browser got in with its launch token: a page is on its way. */
  asked(): void
  /** A page's bridge socket was accepted: the page opens it once it has painted its first screen. */
  connected(): void
  /** Resolves once the first screen is out (see firstScreenWatch); never rejects. */
  readonly done: Promise<void>
  /**
   * Resolves when no page is loading its first screen: at once when none is, else when the loading page's socket
   * connects (or `capMs` after it asked). For work that may wait (the engine's start, a step at a time), so a page that
   * comes at any moment gets the host's thread and the machine's cores first.
   */
  quiet(): Promise<void>
  dispose(): void
}

/**
 * Says when a page has its first screen on display, so the engine's start (hundreds of ms of module loading on the
 * host's one thread, on a machine whose cores the browser is using to parse, run and paint that page) comes after it.
 * Done when a page's socket connected (the page opens it after its first paint, whether its files came from the host
 * or from its cache); also when no page asked within `graceMs` (nobody is waiting for one: `--no-open`), and in any
 * case after `capMs` (a page that never finishes loading does not hold the engine back).
 */
export function firstScreenWatch(graceMs: number, capMs: number): FirstScreenWatch {
  let finish = () => {}
  const done = new Promise<void>(resolve => {
    finish = resolve
  })
  let askedAt = false
  let loading: { settled: Promise<void>; finish(): void } | null = null
  const pageDone = () => {
    loading?.finish()
    loading = null
  }
  const grace = setTimeout(() => {
    if (!askedAt) finish()
  }, graceMs)
  const cap = setTimeout(() => finish(), capMs)
  grace.unref()
  cap.unref()
  void done.then(() => {
    clearTimeout(grace)
    clearTimeout(cap)
  })
  return {
    asked() {
      askedAt = true
      if (loading) return
      let end = () => {}
      const settled = new Promise<void>(resolve => {
        end = resolve
      })
      const pageCap = setTimeout(pageDone, capMs)
      pageCap.unref()
      loading = {
        settled,
        finish() {
          clearTimeout(pageCap)
          end()
        },
      }
    },
    connected() {
      pageDone()
      finish()
    },
    done,
    quiet: () => loading?.settled ?? Promise.resolve(),
    dispose() {
      pageDone()
      finish()
    },
  }
}
