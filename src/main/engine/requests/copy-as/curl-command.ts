import type { LogEntry } from '../../../../shared/contract'
import { shWord } from './snippets/quoting'

/** Headers left out of the command: curl sets them itself from the URL and body. */
const SKIPPED_HEADERS = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'accept-encoding'])

/**
 * One log entry as a POSIX-shell cURL command: `-g` so the brackets of `filter[...]` and of redaction markers are not
 * globbed, every header, and the body with `--data-raw` (never `@file` interpretation). `overrides` replaces header
 * values (live credentials); everything else is the log's redacted text, so a redacted command carries no secret.
 */
export function toCurl(entry: LogEntry, overrides: Record<string, string> = {}): { command: string; notes: string[] } {
  const notes: string[] = []
  const parts = ['curl', '-g']
  const hasBody = entry.requestBody !== null && (entry.requestBody.text !== '' || entry.requestBody.size === 0)
  if (entry.method !== 'GET' || hasBody) parts.push('-X', quote(entry.method))
  parts.push(quote(entry.url))
  const seen = new Set<string>()
  for (const h of entry.requestHeaders) {
    const name = h.name.toLowerCase()
    if (SKIPPED_HEADERS.has(name)) continue
    seen.add(name)
    parts.push('-H', quote(`${h.name}: ${overrides[name] ?? h.value}`))
  }
  for (const [name, value] of Object.entries(overrides)) {
    if (!seen.has(name)) parts.push('-H', quote(`${name}: ${value}`))
  }
  if (entry.requestBody) {
    if (entry.requestBody.evicted) notes.push('The request body was dropped from the log to save memory: the command has no body.')
    else {
      if (entry.requestBody.truncated) notes.push('The request body was truncated in the log: the command sends only its first part.')
      if (entry.requestBody.text !== '') parts.push('--data-raw', quote(entry.requestBody.text))
    }
  }
  const command = parts.join(' ')
  if (command.includes('[redacted:')) {
    notes.push('Values shown as [redacted:<label>:<fingerprint>] are placeholders: put the real values in before running it.')
  }
  return { command, notes }
}

/** Single-quotes a word for POSIX shells: the console's one POSIX-shell quoting (a NUL is refused). */
export function quote(text: string): string {
  return shWord(text, 'A value of the request')
}
