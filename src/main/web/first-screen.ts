/** The files a page loads before its first paint: index.html's script, module preloads and style sheets (as URL paths). */
export function firstScreenFiles(indexHtml: string): string[] {
  const files = new Set<string>()
  for (const m of indexHtml.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="\.?(\/assets\/[^"?#]+)"/g)) {
    if (m[1]) files.add(m[1])
  }
  return [...files]
}

interface FirstScreenWatch {
  /** A browser got in with its launch token: a page is on its way. */
  asked(): void
  /** A file was answered in full. */
  served(urlPath: string): void
  /** A page's bridge socket was accepted: it has run its script, whatever came from its cache. */
  connected(): void
  /** Resolves once the first screen is out (see firstScreenWatch); never rejects. */
  readonly done: Promise<void>
  dispose(): void
}

/**
 * Says when the web host has handed a page everything its first paint needs, so the engine's start (hundreds of ms of
 * module loading on the host's one thread) runs while the browser parses, not in front of the page's requests.
 * Done when every file of the first screen was served once or a page's socket connected (a browser with the files in
 * its cache asks for none); also when no page asked within `graceMs` (nobody is waiting for one: `--no-open`), and in
 * any case after `capMs` (a page that never finishes loading does not hold the engine back).
 */
export function firstScreenWatch(files: string[], graceMs: number, capMs: number): FirstScreenWatch {
  const pending = new Set(files)
  let finish = () => {}
  const done = new Promise<void>(resolve => {
    finish = resolve
  })
  let askedAt = false
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
  if (pending.size === 0) finish()
  return {
    asked() {
      askedAt = true
    },
    served(urlPath) {
      if (pending.delete(urlPath) && pending.size === 0) finish()
    },
    connected: () => finish(),
    done,
    dispose: () => finish(),
  }
}
