import type { DiffSegment, RedirectDiagnosis, RedirectDifference } from '../../../shared/contract'
import { isLoopbackHost } from '../environments/validate-settings'

const MAX_DIFF_LENGTH = 1024

/**
 * Compares the redirect URI the console sent with the one the server has registered, character by character, and
 * names the usual culprits (scheme, host case, port, trailing slash, percent-encoding, localhost versus 127.0.0.1,
 * stray whitespace). Pure, so the UI can call it on anything the user pastes.
 */
export function diagnoseRedirectMismatch(sent: string, registered: string): RedirectDiagnosis {
  const equal = sent === registered
  const segments = equal ? [{ kind: 'same' as const, text: sent }] : characterDiff(sent, registered)
  const differences = equal ? [] : explainDifferences(sent, registered)
  return {
    sent,
    registered,
    equal,
    firstDifferenceAt: equal ? null : firstDifference(sent, registered),
    segments,
    differences,
    summary: equal
      ? 'The two URIs are identical, byte for byte.'
      : differences.length > 0
        ? `The URIs differ: ${differences.map(d => d.message).join(' ')}`
        : 'The URIs differ; see the highlighted characters.',
  }
}

function firstDifference(a: string, b: string): number {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i
  return n
}

/** Character runs of a longest-common-subsequence alignment: what both share, what only one has. */
export function characterDiff(sent: string, registered: string): DiffSegment[] {
  const a = [...sent.slice(0, MAX_DIFF_LENGTH)]
  const b = [...registered.slice(0, MAX_DIFF_LENGTH)]
  const rows = a.length + 1
  const cols = b.length + 1
  const lcs = new Uint16Array(rows * cols)
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * cols + j] =
        a[i] === b[j] ? (lcs[(i + 1) * cols + j + 1] ?? 0) + 1 : Math.max(lcs[(i + 1) * cols + j] ?? 0, lcs[i * cols + j + 1] ?? 0)
    }
  }
  const segments: DiffSegment[] = []
  const push = (kind: DiffSegment['kind'], ch: string) => {
    const last = segments[segments.length - 1]
    if (last && last.kind === kind) last.text += ch
    else segments.push({ kind, text: ch })
  }
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push('same', a[i++] as string)
      j++
    } else if ((lcs[(i + 1) * cols + j] ?? 0) >= (lcs[i * cols + j + 1] ?? 0)) push('sent-only', a[i++] as string)
    else push('registered-only', b[j++] as string)
  }
  while (i < a.length) push('sent-only', a[i++] as string)
  while (j < b.length) push('registered-only', b[j++] as string)
  return segments
}

function explainDifferences(sent: string, registered: string): RedirectDifference[] {
  const out: RedirectDifference[] = []
  if (sent.trim() !== sent || registered.trim() !== registered) {
    out.push({ kind: 'whitespace', message: 'One of them has leading or trailing whitespace.' })
  }
  let s: URL
  let r: URL
  try {
    s = new URL(sent.trim())
    r = new URL(registered.trim())
  } catch {
    out.push({ kind: 'unparseable', message: 'One of them is not an absolute URL, so only the characters can be compared.' })
    return out
  }
  if (s.protocol !== r.protocol)
    out.push({ kind: 'scheme', message: `The scheme differs (${s.protocol}// sent, ${r.protocol}// registered).` })
  const sh = rawHost(sent)
  const rh = rawHost(registered)
  if (sh.toLowerCase() === rh.toLowerCase() && sh !== rh) {
    out.push({
      kind: 'host-case',
      message: `The host differs only in letter case ("${sh}" vs "${rh}"); servers that compare strings see two different URIs.`,
    })
  } else if (s.hostname !== r.hostname) {
    if (isLoopbackHost(s.hostname) && isLoopbackHost(r.hostname)) {
      out.push({
        kind: 'loopback-alias',
        message: `Both are loopback addresses but different strings ("${s.hostname}" vs "${r.hostname}"); localhost and 127.0.0.1 do not match.`,
      })
    } else {
      out.push({ kind: 'host', message: `The host differs ("${s.hostname}" sent, "${r.hostname}" registered).` })
    }
  }
  const sp = rawPort(sent)
  const rp = rawPort(registered)
  if (sp !== rp) {
    if (s.port === r.port) {
      out.push({
        kind: 'default-port',
        message: `One names the default port explicitly (":${sp || rp}") and the other omits it; as strings they differ.`,
      })
    } else {
      out.push({ kind: 'port', message: `The port differs (${sp || 'none'} sent, ${rp || 'none'} registered).` })
    }
  }
  const spath = rawPath(sent)
  const rpath = rawPath(registered)
  if (spath !== rpath) {
    if (spath.replace(/\/+$/, '') === rpath.replace(/\/+$/, '')) {
      out.push({ kind: 'trailing-slash', message: `The trailing slash differs ("${spath}" sent, "${rpath}" registered).` })
    } else if (safeDecode(spath) === safeDecode(rpath)) {
      out.push({
        kind: 'encoding',
        message: 'The path is the same once decoded but percent-encoded differently (e.g. %2F versus /, or %7E versus ~).',
      })
    } else if (spath.toLowerCase() === rpath.toLowerCase()) {
      out.push({ kind: 'path-case', message: `The path differs only in letter case ("${spath}" vs "${rpath}").` })
    } else {
      out.push({ kind: 'path', message: `The path differs ("${spath}" sent, "${rpath}" registered).` })
    }
  }
  if (s.search !== r.search)
    out.push({ kind: 'query', message: `The query string differs ("${s.search || 'none'}" sent, "${r.search || 'none'}" registered).` })
  if (s.hash !== r.hash) out.push({ kind: 'fragment', message: 'The fragment (#…) differs; redirect URIs must not have one.' })
  return out
}

/** Host as typed (the URL parser lower-cases it, which would hide a case difference). */
function rawHost(raw: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(raw.trim())
  return m?.[1] ?? ''
}

function rawPort(raw: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(?:\[[^\]]*\]|[^:/?#]*):(\d*)/i.exec(raw.trim())
  return m?.[1] ?? ''
}

/** Path as typed (the URL parser normalises some percent-encodings). */
function rawPath(raw: string): string {
  const m = /^[a-z][a-z0-9+.-]*:(?:\/\/[^/?#]*)?([^?#]*)/i.exec(raw.trim())
  return m?.[1] ?? ''
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
