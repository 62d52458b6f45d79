import {
  authOf,
  type BodyDiff,
  type CanonicalDiff,
  type CanonicalPartDiff,
  type DiffKind,
  type ExchangeComparison,
  type HeaderPair,
  type LogEntry,
  type LoggedBody,
  type PairDiff,
} from '../../../shared/contract'
import { canonicalParts } from '../signing/signer'
import { diffJson, firstDifference, jsonEqual, stableJsonCapped } from './json-diff'

/** Headers that differ between any two exchanges (dates, counters, fresh signatures): shown, not counted as a difference. */
const VOLATILE_HEADERS = new Set([
  'date',
  'x-ratelimit-remaining',
  'ratelimit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'x-ratelimit-reset',
  'x-timestamp',
  'x-signature',
  'x-request-id',
  'age',
  'expires',
  'last-modified',
  'etag',
  'retry-after',
])
/** Characters of each side kept for the side-by-side display (the differences are computed on everything). */
const MAX_DISPLAY_CHARS = 1024 * 1024

/**
 * Puts two exchanges side by side, section by section: the request line, the query and headers (by name, values in
 * order), the bodies (as JSON when both parse: object keys in any order, arrays in order; else as text, with the
 * first differing byte), the status, and for HMAC requests the two docs/api.md#hmac-signature canonical strings part by part with the first
 * differing byte. Pure: the UI (through `requests:compare`), the CLI and the repro bundles' replay all call it.
 */
export function compareExchanges(a: LogEntry, b: LogEntry): ExchangeComparison {
  const ua = new URL(a.url)
  const ub = new URL(b.url)
  const lineA = `${a.method} ${ua.pathname}${ua.search}`
  const lineB = `${b.method} ${ub.pathname}${ub.search}`
  const requestLine = {
    a: lineA,
    b: lineB,
    equal: lineA === lineB && ua.host === ub.host,
    method: kindOf(a.method, b.method),
    path: kindOf(ua.pathname, ub.pathname),
    host: kindOf(ua.host, ub.host),
  }
  const query = comparePairs(
    [...ua.searchParams].map(([name, value]) => ({ name, value })),
    [...ub.searchParams].map(([name, value]) => ({ name, value })),
    false,
  )
  const requestHeaders = comparePairs(a.requestHeaders, b.requestHeaders, true)
  const requestBody = compareBodies(a.requestBody, b.requestBody)
  const status = { a: a.status, b: b.status, equal: a.status === b.status }
  const responseHeaders = comparePairs(a.responseHeaders, b.responseHeaders, true)
  const responseBody = compareBodies(a.responseBody, b.responseBody)
  const canonical = authOf(a) === 'hmac' || authOf(b) === 'hmac' ? compareCanonical(a, b) : null
  const differing: string[] = []
  if (!requestLine.equal) differing.push('request line')
  if (query.some(significant)) differing.push('query')
  if (requestHeaders.some(significant)) differing.push('request headers')
  if (!requestBody.equal) differing.push('request body')
  if (!status.equal) differing.push('status')
  if (responseHeaders.some(significant)) differing.push('response headers')
  if (!responseBody.equal) differing.push('response body')
  if (canonical && !canonical.equal) differing.push('canonical string')
  return {
    a: { id: a.id, label: labelOf(a) },
    b: { id: b.id, label: labelOf(b) },
    requestLine,
    query,
    requestHeaders,
    requestBody,
    status,
    responseHeaders,
    responseBody,
    canonical,
    differing,
  }
}

/**
 * What the repro bundles' replay counts of a pair: a different status, else a different response body, else the same;
 * exactly what compareExchanges says of the status and the response body, without building the comparison (no header,
 * query or canonical rows, no display texts): the replay keeps only counters, whatever the number of entries.
 */
export function replayOutcome(a: LogEntry, b: LogEntry): 'same' | 'different-status' | 'different-body' {
  if (a.status !== b.status) return 'different-status'
  const ta = a.responseBody?.evicted ? '' : (a.responseBody?.text ?? '')
  const tb = b.responseBody?.evicted ? '' : (b.responseBody?.text ?? '')
  if (ta === tb) return 'same'
  const ja = parseJson(ta)
  const jb = parseJson(tb)
  return ja.ok && jb.ok && jsonEqual(ja.value, jb.value) ? 'same' : 'different-body'
}

function significant(d: PairDiff): boolean {
  return d.kind !== 'same' && !d.volatile
}

function labelOf(e: LogEntry): string {
  return `${e.id}${e.imported ? ' (imported)' : ''} · ${e.method} ${e.status ?? 'no response'} · ${e.startedAt}`
}

function kindOf(a: string, b: string): DiffKind {
  return a === b ? 'same' : 'changed'
}

/** Name → values in order; header names case-insensitive (shown as first written), query names exact. */
function comparePairs(a: readonly HeaderPair[], b: readonly HeaderPair[], caseInsensitive: boolean): PairDiff[] {
  const key = (name: string) => (caseInsensitive ? name.toLowerCase() : name)
  const group = (pairs: readonly HeaderPair[]) => {
    const map = new Map<string, { name: string; values: string[] }>()
    for (const p of pairs) {
      const k = key(p.name)
      const g = map.get(k)
      if (g) g.values.push(p.value)
      else map.set(k, { name: p.name, values: [p.value] })
    }
    return map
  }
  const ga = group(a)
  const gb = group(b)
  const rows: PairDiff[] = []
  for (const [k, x] of ga) {
    const y = gb.get(k)
    const kind: DiffKind = !y ? 'removed' : sameList(x.values, y.values) ? 'same' : 'changed'
    rows.push(withVolatile({ name: x.name, kind, a: x.values, b: y?.values ?? [] }, caseInsensitive))
  }
  for (const [k, y] of gb) {
    if (!ga.has(k)) rows.push(withVolatile({ name: y.name, kind: 'added', a: [], b: y.values }, caseInsensitive))
  }
  return rows
}

function withVolatile(d: PairDiff, headers: boolean): PairDiff {
  if (headers && VOLATILE_HEADERS.has(d.name.toLowerCase())) d.volatile = true
  return d
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i])
}

/** Two logged bodies: JSON-aware when both parse, else text with the first differing byte. */
function compareBodies(a: LoggedBody | null, b: LoggedBody | null): BodyDiff {
  const notes: string[] = []
  for (const [side, body] of [
    ['A', a],
    ['B', b],
  ] as const) {
    if (body?.evicted) notes.push(`${side}’s body was dropped from the log to save memory: it compares as empty.`)
    else if (body?.truncated)
      notes.push(`${side}’s body was truncated in the log: only its first ${body.text.length} characters are compared.`)
  }
  const ta = a?.evicted ? '' : (a?.text ?? '')
  const tb = b?.evicted ? '' : (b?.text ?? '')
  return compareBodyTexts(ta, tb, notes)
}

/** The body comparison over two texts (exported for the bench and for callers holding raw bodies). */
export function compareBodyTexts(ta: string, tb: string, notes: string[] = []): BodyDiff {
  if (ta === '' && tb === '') {
    return { mode: 'empty', equal: true, differences: [], total: 0, firstDifference: null, aText: '', bText: '', notes }
  }
  const ja = parseJson(ta)
  const jb = parseJson(tb)
  if (ja.ok && jb.ok) {
    const { differences, total } = diffJson(ja.value, jb.value)
    return {
      mode: 'json',
      equal: total === 0,
      differences,
      total,
      firstDifference: null,
      aText: displayJson(ja.value, ta, notes, 'A'),
      bText: displayJson(jb.value, tb, notes, 'B'),
      notes,
    }
  }
  if (ja.ok !== jb.ok && ta !== '' && tb !== '') notes.push(`Only ${ja.ok ? 'A' : 'B'}’s body is JSON: compared as text.`)
  const first = firstDifference(ta, tb)
  return {
    mode: 'text',
    equal: first === null,
    differences: [],
    total: first === null ? 0 : 1,
    firstDifference: first,
    aText: display(ta, notes, 'A'),
    bText: display(tb, notes, 'B'),
    notes,
  }
}

function display(text: string, notes: string[], side: string): string {
  if (text.length <= MAX_DISPLAY_CHARS) return text
  notes.push(`${side} is shown up to ${MAX_DISPLAY_CHARS} characters (of ${text.length}); the differences cover all of it.`)
  return text.slice(0, MAX_DISPLAY_CHARS)
}

/** Sorted-key pretty JSON for the side-by-side view, cut at MAX_DISPLAY_CHARS (raw text if nesting is too deep to print). */
function displayJson(value: unknown, raw: string, notes: string[], side: string): string {
  try {
    const { text, cut } = stableJsonCapped(value, MAX_DISPLAY_CHARS)
    if (cut) notes.push(`${side} is shown up to ${MAX_DISPLAY_CHARS} characters; the differences cover all of it.`)
    return text
  } catch {
    notes.push(`${side} is nested too deeply to print sorted: shown as received.`)
    return display(raw, notes, side)
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const first = text.trimStart()[0]
  if (first === undefined || !'{["-0123456789tfn'.includes(first)) return { ok: false }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/**
 * The docs/api.md#hmac-signature canonical strings of two HMAC requests, rebuilt from what was sent (x-access-key, method, path, body,
 * x-timestamp: none of it secret), compared part by part with the first differing byte of each part and of the
 * whole string. A side that is not signed, or lacks a header, is described instead of guessed.
 */
function compareCanonical(a: LogEntry, b: LogEntry): CanonicalDiff {
  const notes: string[] = []
  const ca = canonicalOf(a, 'A', notes)
  const cb = canonicalOf(b, 'B', notes)
  const partsA = ca?.parts ?? []
  const partsB = cb?.parts ?? []
  const names = ['client_id', 'method', 'path', 'body', 'timestamp'] as const
  const parts: CanonicalPartDiff[] = names.map((name, i) => {
    const pa = partsA[i]
    const pb = partsB[i]
    const va = pa?.value ?? ''
    const vb = pb?.value ?? ''
    const first = firstDifference(va, vb)
    return {
      name,
      a: va,
      b: vb,
      equal: first === null && Boolean(pa) === Boolean(pb),
      firstDifference: first && {
        offsetInPart: first.offset,
        offsetInString: (pa?.offset ?? 0) + first.offset,
        a: first.a,
        b: first.b,
      },
    }
  })
  const sa = ca?.canonical ?? ''
  const sb = cb?.canonical ?? ''
  const whole = ca && cb ? firstDifference(sa, sb) : null
  if (parts.find(p => p.name === 'timestamp' && !p.equal) && parts.every(p => p.name === 'timestamp' || p.equal)) {
    notes.push('Only the timestamps differ: expected for two sends, since every request is signed anew.')
  }
  return { a: sa, b: sb, equal: Boolean(ca && cb) && whole === null, parts, firstDifferenceOffset: whole?.offset ?? null, notes }
}

function canonicalOf(e: LogEntry, side: string, notes: string[]) {
  const header = (name: string) => e.requestHeaders.find(h => h.name.toLowerCase() === name)?.value
  const clientId = header('x-access-key')
  const timestamp = header('x-timestamp')
  if (!clientId || !timestamp || !/^\d+$/.test(timestamp)) {
    notes.push(`${side} has no ${!clientId ? 'x-access-key' : 'whole-seconds x-timestamp'} header: its canonical string cannot be rebuilt.`)
    return null
  }
  if (e.requestBody?.truncated || e.requestBody?.evicted) {
    notes.push(`${side}’s body is incomplete in the log: its canonical string’s body part is partial.`)
  }
  const url = new URL(e.url)
  return canonicalParts({
    clientId,
    method: e.method,
    path: url.pathname,
    body: e.requestBody?.evicted ? '' : (e.requestBody?.text ?? ''),
    timestamp: Number(timestamp),
  })
}
