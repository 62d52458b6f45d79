/** A bare item of an HTTP structured field (RFC 8941), as far as rate-limit headers need them. */
type BareItem = string | number | boolean

/** One member of a list or dictionary: `key=item;param=value` (key only for dictionaries). */
export interface FieldMember {
  key: string | null
  item: BareItem | null
  params: Record<string, BareItem>
}

const MAX_MEMBERS = 64

/**
 * A tolerant parser for the list and dictionary members used by the IETF RateLimit headers (draft-ietf-httpapi-
 * ratelimit-headers), covering both the dictionary form of draft 07 (`limit=100, remaining=50, reset=30`) and the
 * list form of later drafts (`"default";r=50;t=30`). Returns null when the text cannot be read; never throws.
 */
export function parseFieldMembers(text: string): FieldMember[] | null {
  const members: FieldMember[] = []
  for (const raw of splitOutsideQuotes(text, ',')) {
    const part = raw.trim()
    if (part === '') continue
    if (members.length >= MAX_MEMBERS) return null
    const segments = splitOutsideQuotes(part, ';').map(s => s.trim())
    const head = segments[0] ?? ''
    const member: FieldMember = { key: null, item: null, params: {} }
    const eq = head.indexOf('=')
    const startsAsKey = /^[a-z*][a-z0-9_.*-]*$/.test(eq > 0 ? head.slice(0, eq) : head) && !head.startsWith('"')
    if (eq > 0 && startsAsKey) {
      member.key = head.slice(0, eq)
      member.item = parseBareItem(head.slice(eq + 1))
      if (member.item === null) return null
    } else if (startsAsKey && /^[a-z]/.test(head) && segments.length === 1 && !/^\d/.test(head)) {
      // A dictionary key without a value means `true` (RFC 8941 3.2).
      member.key = head
      member.item = true
    } else {
      member.item = parseBareItem(head)
      if (member.item === null) return null
    }
    for (const seg of segments.slice(1)) {
      if (seg === '') continue
      const peq = seg.indexOf('=')
      const name = (peq < 0 ? seg : seg.slice(0, peq)).trim()
      if (!/^[a-z*][a-z0-9_.*-]*$/.test(name)) return null
      const value = peq < 0 ? true : parseBareItem(seg.slice(peq + 1).trim())
      if (value === null) return null
      member.params[name] = value
    }
    members.push(member)
  }
  return members
}

/** Integer, decimal, string, token or boolean; null when it is none of them. */
function parseBareItem(text: string): BareItem | null {
  const t = text.trim()
  if (t === '') return null
  if (t.startsWith('"')) {
    if (t.length < 2 || !t.endsWith('"')) return null
    return t.slice(1, -1).replace(/\\(["\\])/g, '$1')
  }
  if (t === '?1') return true
  if (t === '?0') return false
  if (/^-?\d{1,15}(\.\d{1,3})?$/.test(t)) return Number(t)
  if (/^[A-Za-z*][\w:/!#$%&'*+.^`|~-]*$/.test(t)) return t
  return null
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const out: string[] = []
  let current = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string
    if (c === '\\' && quoted && i + 1 < text.length) {
      current += c + text[i + 1]
      i++
      continue
    }
    if (c === '"') quoted = !quoted
    if (c === separator && !quoted) {
      out.push(current)
      current = ''
    } else {
      current += c
    }
  }
  out.push(current)
  return out
}
