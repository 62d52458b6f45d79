import type { HeaderPair } from '../../../shared/contract'
import type { SecretMasking } from '../core/secret-registry'
import { redactForm, redactJsonFragments, redactParams } from './form-redaction'
import { type LeafRedactor, redactJsonText } from './json-redaction'
import { isRegisteredLabel, MARKER, mayNameCredential, sensitiveLabel } from './sensitive-names'

export { CUT_VALUE } from './json-redaction'

interface HeaderRule {
  label: string
  /** Keep the auth scheme (`Bearer `, `Basic `) readable in front of the fingerprint. */
  keepScheme?: boolean
}

/**
 * Headers whose whole value (after the scheme) is a credential. Read by own names only: a header named `constructor`
 * or `__proto__` finds no rule here (it is judged by its name like any other), never Object's own members.
 */
const SENSITIVE_HEADERS: Readonly<Record<string, HeaderRule>> = {
  authorization: { label: 'authorization', keepScheme: true },
  'proxy-authorization': { label: 'authorization', keepScheme: true },
  'x-signature': { label: 'x-signature' },
  cookie: { label: 'cookie' },
  'set-cookie': { label: 'cookie' },
  'x-sandbox-admin-token': { label: 'sandbox_admin_token' },
  'x-api-key': { label: 'api_key' },
}

/** Where the text comes from, which decides what may become a known secret and how a cut value is treated. */
interface CaptureOptions {
  /**
   * True for what the engine itself sends (its request URL, headers and body): a credential found by name there is
   * the engine's own and becomes a known secret. Everything else (responses, imported HARs) is redacted by name only,
   * so a server or a file can never make arbitrary text a "secret".
   */
  sent?: boolean
  /** The text was cut at the body cap: the value it ends in is dropped whole, not left as a prefix. */
  truncated?: boolean
}

/** The default options, one object rather than one per call. */
const NO_OPTIONS: CaptureOptions = {}

const URL_PASSWORD = /^([a-z][a-z0-9+.-]*:\/\/[^/@?#:]*:)([^/@?#]*)@/i
const MAX_TRAILING_WORD = 8192

/**
 * The network log's redaction, applied at capture time to everything an exchange records (URL, headers, bodies). It
 * works on structure, not on serialized text: JSON is walked token by token (string leaves decoded, keys kept), forms
 * and query strings pair by pair, header values and free text for `name=value` credentials (a `Location` with `code=`,
 * a `#access_token=` fragment). Credential names are matched however they are spelled (snake_case, camelCase,
 * percent-encoded), their values replaced whole; then every known secret, in any encoded form. Each value becomes
 * `[redacted:<label>:<8 hex>]`, the same fingerprint everywhere.
 */
export class Redactor {
  /** The two leaf redactors (what the engine sends, everything else), built once: they depend only on `sent`. */
  private readonly sentLeaf: LeafRedactor
  private readonly seenLeaf: LeafRedactor
  /** Header name (lower case) → its rule; names repeat on every exchange, so each is looked up once. */
  private readonly rules = new Map<string, HeaderRule | null>()

  constructor(private readonly secrets: SecretMasking) {
    this.sentLeaf = leafRedactor(secrets, true)
    this.seenLeaf = leafRedactor(secrets, false)
  }

  /** Redacts one header value according to its name, credential parameters inside it, and known secrets. */
  header(name: string, value: string, options: CaptureOptions = {}): string {
    const rule = this.ruleOf(name)
    if (!rule) return this.secrets.redact(redactParams(value, this.leaf(options), sensitiveLabel))
    if (MARKER.test(value)) return value
    if (rule.keepScheme) {
      const m = /^([A-Za-z][\w-]*)\s+(\S.*)$/.exec(value)
      if (m) {
        const scheme = m[1] as string
        const credential = m[2] as string
        if (MARKER.test(credential)) return value
        const label = scheme.toLowerCase() === 'bearer' ? 'access_token' : rule.label
        if (options.sent) this.secrets.add(credential, label)
        return `${scheme} ${this.secrets.maskFor(credential, label)}`
      }
    }
    return this.secrets.maskFor(value, rule.label)
  }

  /**
   * Every header redacted as `header` does. The values no header rule covers are scanned once, together: when they
   * hold nothing to redact (holdsNothing), each is kept as it is instead of being searched for secrets one by one.
   * When nothing at all is redacted, the list itself is handed back (no copy); otherwise a new list in which the
   * headers left as they were are the same pair objects.
   */
  headers(pairs: readonly HeaderPair[], options: CaptureOptions = {}): HeaderPair[] {
    let free = ''
    let ruled = false
    // Indexed: no iterator per list.
    for (let i = 0; i < pairs.length; i++) {
      const p = pairs[i] as HeaderPair
      if (this.ruleOf(p.name) === null) free += `${p.value}\n`
      else ruled = true
    }
    let plain = this.holdsNothing(free)
    if (plain && !ruled) return pairs as HeaderPair[]
    const out: HeaderPair[] = []
    for (let i = 0; i < pairs.length; i++) {
      const p = pairs[i] as HeaderPair
      const isRuled = this.ruleOf(p.name) !== null
      const value = plain && !isRuled ? p.value : this.header(p.name, p.value, options)
      // A credential the engine sends becomes a known secret now: the values after it are checked again (see headerTuples).
      if (isRuled && options.sent && value !== p.value && plain) {
        plain = this.freeValuesHoldNothing(
          pairs.slice(i + 1).map(q => [q.name, q.value] as const),
          0,
        )
      }
      out.push(value === p.value ? p : { name: p.name, value })
    }
    return out
  }

  /**
   * A header record (name → value, names lower-case, as the engine sends them) as redacted pairs in its order: the
   * same answer as listing it and calling `headers`, with one scan of the values no rule covers and one array.
   */
  headerRecord(record: Readonly<Record<string, string>>, options: CaptureOptions = NO_OPTIONS): HeaderPair[] {
    // The common case (no credential header, nothing to redact in the values) read straight from the record: no list
    // of [name, value] arrays made first. A record is a plain object of own names (for…in meets nothing inherited).
    let free = ''
    let ruled = false
    for (const name in record) {
      if (this.ruleOf(name) === null) free += `${record[name]}\n`
      else ruled = true
    }
    if (ruled || !this.holdsNothing(free)) return this.headerTuples(Object.entries(record), options)
    // The same headers as last time (a client repeats its calls): the same list again, which the log keeps once for
    // all its entries. Lists handed out are never changed.
    const last = this.lastRecordPairs
    let same = true
    let count = 0
    for (const name in record) {
      const pair = last[count++]
      if (pair === undefined || pair.name !== name || pair.value !== record[name]) {
        same = false
        break
      }
    }
    if (same && count === last.length) return last as HeaderPair[]
    const out: HeaderPair[] = []
    for (const name in record) out.push({ name, value: record[name] as string })
    this.lastRecordPairs = out
    return out
  }

  /** The last header list `headerRecord` made in its common case (nothing redacted). */
  private lastRecordPairs: readonly HeaderPair[] = []

  /**
   * `headers` for a flat list of `[name, value]` (what the capture holds): the same result, with one pair object per
   * header built for the log and nothing else per header (no intermediate pairs, no array of rule flags). A value no
   * rule covers is kept as the same string when the values together hold nothing to redact.
   */
  headerTuples(list: ReadonlyArray<readonly [string, string]>, options: CaptureOptions = NO_OPTIONS): HeaderPair[] {
    let plain = this.freeValuesHoldNothing(list, 0)
    const out = new Array<HeaderPair>(list.length)
    for (let i = 0; i < list.length; i++) {
      const [name, value] = list[i] as readonly [string, string]
      const ruled = this.ruleOf(name) !== null
      const redacted = plain && !ruled ? value : this.header(name, value, options)
      // A credential the engine sends (a ruled header, redacted) becomes a known secret now: the values after it are
      // checked again, as redacting each header in turn would find it in them.
      if (ruled && options.sent && redacted !== value && plain) plain = this.freeValuesHoldNothing(list, i + 1)
      out[i] = { name, value: redacted }
    }
    return out
  }

  /** True when the values from `start` on that no header rule covers hold nothing to redact (one scan of them all). */
  private freeValuesHoldNothing(list: ReadonlyArray<readonly [string, string]>, start: number): boolean {
    let free = ''
    for (let i = start; i < list.length; i++) {
      const pair = list[i] as readonly [string, string]
      if (this.ruleOf(pair[0]) === null) free += `${pair[1]}\n`
    }
    return this.holdsNothing(free)
  }

  /** Redacts credential parameters of the query and the fragment, a password in the authority, and known secrets. */
  url(url: string, options: CaptureOptions = {}): string {
    const leaf = this.leaf(options)
    let out = url.includes('@')
      ? url.replace(URL_PASSWORD, (_m, head: string, password: string) => `${head}${leaf.byName(decodeSafe(password), 'password')}@`)
      : url
    const hash = out.indexOf('#')
    let fragment = ''
    if (hash >= 0) {
      fragment = `#${redactForm(out.slice(hash + 1), leaf, sensitiveLabel)}`
      out = out.slice(0, hash)
    }
    const q = out.indexOf('?')
    if (q >= 0) out = `${out.slice(0, q)}?${redactForm(out.slice(q + 1), leaf, sensitiveLabel)}`
    return this.secrets.redact(out) + fragment
  }

  /** Redacts a body: JSON by its structure, form bodies by field, other text for credential pairs; then known secrets. */
  body(text: string, options: CaptureOptions = {}): string {
    if (text === '') return text
    if (!options.truncated && this.holdsNothing(text)) return text
    const leaf = this.leaf(options)
    const start = firstNonSpace(text)
    if (start === '{' || start === '[') return redactJsonText(text, leaf, sensitiveLabel, options.truncated === true)
    if (looksLikeForm(text)) return redactForm(text, leaf, sensitiveLabel, options.truncated === true)
    let out = redactParams(redactJsonFragments(text, leaf, sensitiveLabel), leaf, sensitiveLabel)
    if (options.truncated) out = dropTrailingWord(out)
    return this.secrets.redact(out)
  }

  /**
   * The fast answer for most bodies, with the same result as the walk: a text with no escape that could hide a name or
   * a secret (JSON `\`, percent-encoding, a `+` a form would decode in a `name=value`), no credential name in any
   * spelling and no known secret in any form has nothing the walk would replace. One scan, not a walk and a copy.
   */
  private holdsNothing(text: string): boolean {
    if (text.includes('\\') || text.includes('%') || (text.includes('+') && text.includes('='))) return false
    return !mayNameCredential(text) && !this.secrets.contains(text)
  }

  /** Known secrets only (free text such as error messages). */
  text(text: string): string {
    return this.secrets.redact(text)
  }

  private leaf(options: CaptureOptions): LeafRedactor {
    return options.sent ? this.sentLeaf : this.seenLeaf
  }

  /**
   * The rule of a header name in any case. The cache is keyed by lower-case names, so a name found in it as it is was
   * lower-case already (what the engine sends and receives): no lower-cased copy is made for it.
   */
  private ruleOf(name: string): HeaderRule | null {
    const cached = this.rules.get(name)
    return cached !== undefined ? cached : this.ruleFor(name.toLowerCase())
  }

  private ruleFor(lower: string): HeaderRule | null {
    let rule = this.rules.get(lower)
    if (rule === undefined) {
      rule = (Object.hasOwn(SENSITIVE_HEADERS, lower) ? SENSITIVE_HEADERS[lower] : undefined) ?? byNameRule(lower)
      // Names come from servers too: a bounded cache (a pure function of the name, so forgetting it changes nothing).
      if (this.rules.size >= MAX_CACHED_RULES) this.rules.clear()
      this.rules.set(lower, rule)
    }
    return rule
  }
}

const MAX_CACHED_RULES = 1000

function leafRedactor(secrets: SecretMasking, sent: boolean): LeafRedactor {
  const leaf: LeafRedactor = {
    byName: (value, label) => {
      if (MARKER.test(value)) return value
      if (sent && isRegisteredLabel(label)) secrets.add(value, label)
      return secrets.maskFor(value, label)
    },
    other: value => secrets.redact(redactParams(value, leaf, sensitiveLabel)),
    raw: text => secrets.redact(text),
  }
  return leaf
}

/** A header named like a credential field (`Access-Token`, `X-Client-Secret`, `X-Refresh-Token`) is one. */
function byNameRule(lower: string): HeaderRule | null {
  const label = sensitiveLabel(lower.replace(/^x-/, ''))
  return label && label !== 'code' ? { label } : null
}

function firstNonSpace(text: string): string {
  const m = /\S/.exec(text.length > 256 ? text.slice(0, 256) : text)
  return m ? m[0] : ''
}

/** A form body: `a=b&c=d`, no spaces or line breaks, at least one `=`. */
function looksLikeForm(text: string): boolean {
  return text.includes('=') && !/[\s<>{}"]/.test(text)
}

/**
 * A text cut at the body cap ends in the prefix of a word: drop that word whole (the exchange already says the body
 * was truncated). A slice, not a copy: the kept text of a large body is not duplicated.
 */
function dropTrailingWord(text: string): string {
  let start = text.length
  const stop = Math.max(0, text.length - MAX_TRAILING_WORD)
  while (start > stop && !/\s/.test(text[start - 1] as string)) start -= 1
  return text.slice(0, start)
}

function decodeSafe(raw: string): string {
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}
