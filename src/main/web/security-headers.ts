import { HEAD_SCRIPT_CSP_SOURCE } from '../../shared/head-script'

/**
 * The web host's Content-Security-Policy: the same strictness as the Electron window (scripts only from this origin),
 * plus a WebSocket back to this origin. Monaco needs inline styles and blob workers.
 */
function contentSecurityPolicy(port: number): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${HEAD_SCRIPT_CSP_SOURCE}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    `connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ')
}

/**
 * The headers of every answer of the web host. No Cross-Origin-Opener-Policy: on the console's page it made the browser
 * put the page in a new browsing context group, so a tab opened on the URL (the way `web` opens it) threw away the
 * renderer process it had started for the navigation and started another once the answer came: on a 2-core machine the
 * page's HTML was parsed ~250 ms later (session 10, alternating runs, load ~9: 860 vs 600 ms from the answer to the
 * parse, medians of 8). It guarded nothing here: a page of another site that opens the console never gets a session
 * (the cookie is SameSite=Strict, so its window shows the 401 text), and the console's own popups have their opener
 * cut before they go to another origin (consent/use-consent-actions.ts). Framing stays refused (X-Frame-Options,
 * frame-ancestors).
 */
export function securityHeaders(port: number): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(port),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Resource-Policy': 'same-origin',
  }
}
