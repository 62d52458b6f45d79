/**
 * Decides whether an IPC message comes from the console's own page. Pure, so both sides are tested (an inverted check
 * once shipped in a popular app). A sender is trusted only when it is the main frame of a window and its origin is the
 * app's: `app://console` when packaged, or the dev server's origin under `electron-vite dev`.
 */
interface SenderFrameInfo {
  url: string
  /** true when the frame has no parent (not an iframe). */
  isMainFrame: boolean
}

export interface TrustedRenderer {
  /** Origin the renderer is served from (app://console). */
  appOrigin?: string
  /** Origin of the dev server (electron-vite dev), e.g. http://localhost:5173. */
  devOrigin?: string
}

export function isTrustedSender(frame: SenderFrameInfo | null | undefined, trusted: TrustedRenderer): boolean {
  if (!frame?.isMainFrame) return false
  const origin = originOf(frame.url)
  if (!origin) return false
  return [trusted.appOrigin, trusted.devOrigin].some(allowed => allowed !== undefined && originOf(allowed) === origin)
}

/** The origin of a URL, computed by hand for custom schemes (WHATWG URL gives "null" for non-special schemes). */
export function originOf(raw: string): string | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (url.protocol === 'file:' || !url.host) return null
  return `${url.protocol}//${url.host}`.toLowerCase()
}
