/**
 * The port through which the engine opens the embedded authorization window. Only the Electron glue implements it
 * (src/main/electron/embedded-auth-window.ts); in the web host and the CLI it is absent and the embedded catch mode
 * answers `unsupported`.
 */
export interface EmbeddedWindowRequest {
  authorizeUrl: string
  /** The registered redirect URI to intercept (any scheme or host, https included). */
  redirectUri: string
  title: string
}

export type EmbeddedWindowOutcome =
  /** The window was about to navigate to the redirect URI; the navigation was stopped and the URL handed over. */
  | { kind: 'redirect'; url: string }
  /** The user closed the window first. */
  | { kind: 'closed' }

export interface EmbeddedWindowSession {
  outcome: Promise<EmbeddedWindowOutcome>
  /** Closes the window (cancel, timeout, or after the redirect); idempotent. */
  close(): void
}

export interface EmbeddedWindowOpener {
  open(request: EmbeddedWindowRequest): EmbeddedWindowSession
}
