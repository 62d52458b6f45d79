/**
 * The sidebar's sections, in order: id, label and the one line under it. Plain data (no React), so the browser tests
 * can read the same list the console shows: test/e2e/accessibility.spec.ts scans every section listed here.
 * Add a section here and its panel in sections.ts (the type checker asks for it).
 */
export const SECTION_LIST = [
  { id: 'overview', label: 'Overview', hint: 'First steps, environment, storage' },
  { id: 'environments', label: 'Environments', hint: 'Sandbox and your own servers' },
  { id: 'consent', label: 'Consent flow', hint: 'Authorize, catch the redirect, get tokens' },
  { id: 'tokens', label: 'Tokens', hint: 'Access and refresh tokens, expiry' },
  { id: 'locations', label: 'Locations', hint: 'Eligible locations, install' },
  { id: 'export', label: 'Export tickets', hint: 'HMAC-signed export' },
  { id: 'requests', label: 'Requests', hint: 'Compose, resend, compare, copy as' },
  { id: 'inspector', label: 'Signature inspector', hint: 'Canonical string, verify, clock skew' },
  { id: 'quotas', label: 'Quotas', hint: 'Rate limits per method and path' },
  { id: 'sandbox', label: 'Sandbox controls', hint: 'Clock, quotas, faults, revoke' },
  { id: 'capture', label: 'Capture', hint: 'Your integration’s calls, live; the doctor' },
  { id: 'bundle', label: 'Repro bundle', hint: 'Open read-only, replay, compare' },
] as const

export type SectionId = (typeof SECTION_LIST)[number]['id']
