import type { LogEntrySummary } from '../../../../shared/contract'

/** "734 B", "12.4 kB", "3.1 MB". */
export function formatBytes(n: number | null): string {
  if (n === null) return '—'
  if (n < 1000) return `${n} B`
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)} kB`
  return `${(n / 1_000_000).toFixed(1)} MB`
}

/** "4.2 ms", "87 ms", "1.32 s". */
export function formatMs(n: number | null): string {
  if (n === null) return '—'
  if (n < 10) return `${n.toFixed(1)} ms`
  if (n < 1000) return `${Math.round(n)} ms`
  return `${(n / 1000).toFixed(2)} s`
}

/** The status cell's text and tone: pending, failed, or the code with its class. */
export function statusView(e: LogEntrySummary): { text: string; tone: string } {
  if (e.state === 'pending') return { text: '…', tone: 'pending' }
  if (e.state === 'failed' && !e.status) return { text: 'failed', tone: 'failed' }
  const code = e.status ?? 0
  return { text: String(code), tone: `${Math.floor(code / 100)}xx` }
}

const PURPOSE: Record<LogEntrySummary['purpose'], string> = {
  api: 'api',
  'oauth-token': 'token',
  'sandbox-admin': 'operator',
  other: 'other',
}

/** The type column: what the exchange was for and how it authenticated. */
export function typeView(e: LogEntrySummary): string {
  return e.auth === 'none' || e.auth === 'unknown' ? PURPOSE[e.purpose] : `${PURPOSE[e.purpose]} · ${e.auth}`
}
