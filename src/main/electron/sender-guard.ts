/**
 * Decides whether an IPC message comes from the console's own page. Pure, so both sides are tested (an inverted check
 * once shipped in a popular app). A sender is trusted only when it is the main frame of a window and its URL is the
 * app's renderer: the packaged file (file://.../renderer/index.html) or, in development, the dev server's origin.
 */
export interface SenderFrameInfo {
  url: string
  /** true when the frame has no parent (not an iframe). */
  isMainFrame: boolean
}

export interface TrustedRenderer {
  /** Absolute file URL of the packaged index.html. */
  fileUrl?: string
  /** Origin of the dev server (electron-vite dev), e.g. http://localhost:5173. */
  devOrigin?: string
}

export function isTrustedSender(frame: SenderFrameInfo | null | undefined, trusted: TrustedRenderer): boolean {
  if (!frame?.isMainFrame) return false
  let url: URL
  try {
    url = new URL(frame.url)
  } catch {
    return false
  }
  if (trusted.fileUrl && url.protocol === 'file:') {
    const expected = new URL(trusted.fileUrl)
    return url.pathname === expected.pathname
  }
  if (trusted.devOrigin && (url.protocol === 'http:' || url.protocol === 'https:')) {
    return url.origin === new URL(trusted.devOrigin).origin
  }
  return false
}
