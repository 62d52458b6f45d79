import type { HeaderPair } from '../../../shared/contract'
import type { SecretRegistry } from '../core/secret-registry'

/** Body and query fields whose values are credentials (spec 4.2, 4.3, 2.3), plus the usual OAuth/OIDC extras. */
export const SENSITIVE_FIELDS = ['client_secret', 'code', 'access_token', 'refresh_token', 'id_token', 'password'] as const
/** Fields whose values are long-lived enough to be redacted everywhere once seen (`code` is not: it is short and a
 * common word in error bodies, so registering it would redact innocent text). */
const REGISTERED_FIELDS = new Set(['client_secret', 'access_token', 'refresh_token', 'id_token', 'password'])

interface HeaderRule {
  label: string
  /** Keep the auth scheme (`Bearer `, `Basic `) readable in front of the fingerprint. */
  keepScheme?: boolean
}

/** Headers whose whole value (after the scheme) is a credential. */
export const SENSITIVE_HEADERS: Readonly<Record<string, HeaderRule>> = {
  authorization: { label: 'authorization', keepScheme: true },
  'proxy-authorization': { label: 'authorization', keepScheme: true },
  'x-signature': { label: 'x-signature' },
  cookie: { label: 'cookie' },
  'set-cookie': { label: 'cookie' },
  'x-sandbox-admin-token': { label: 'sandbox_admin_token' },
  'x-api-key': { label: 'api_key' },
}

const FIELD_ALTERNATION = SENSITIVE_FIELDS.join('|')
const JSON_FIELD = new RegExp(`"(${FIELD_ALTERNATION})"(\\s*:\\s*)"((?:[^"\\\\]|\\\\.)*)"`, 'gi')
const FORM_FIELD = new RegExp(`(^|[?&])(${FIELD_ALTERNATION})=([^&#\\s]*)`, 'gi')
const FIELD_NAME = new RegExp(`(${FIELD_ALTERNATION})`, 'i')
/** A value this redaction already produced (e.g. in an imported HAR): kept as it is, never registered as a secret. */
const MARKER = /^\[redacted:[\w-]+:[0-9a-f]{8}\]$/

const URL_PASSWORD = /^([a-z][a-z0-9+.-]*:\/\/[^/@?#:]*:)([^/@?#]*)@/i

/**
 * The network log's redaction, applied at capture time to everything an exchange records (URL, headers, bodies):
 * credential headers by name, credential fields in JSON bodies, form bodies and query strings, then every secret the
 * engine knows wherever it appears. Each value becomes `[redacted:<label>:<8 hex>]`, the same fingerprint everywhere,
 * so a token in a response body and in a later Authorization header read as the same token without being shown.
 */
export class Redactor {
  constructor(private readonly secrets: SecretRegistry) {}

  /** Redacts one header value according to its name (and known secrets). */
  header(name: string, value: string): string {
    const rule = SENSITIVE_HEADERS[name.toLowerCase()]
    if (!rule) return this.secrets.redact(value)
    if (MARKER.test(value)) return value
    if (rule.keepScheme) {
      const m = /^([A-Za-z][\w-]*)\s+(\S.*)$/.exec(value)
      if (m) {
        const scheme = m[1] as string
        const credential = m[2] as string
        if (MARKER.test(credential)) return value
        this.secrets.add(credential, scheme.toLowerCase() === 'bearer' ? 'access_token' : rule.label)
        return `${scheme} ${this.secrets.maskFor(credential, rule.label)}`
      }
    }
    return this.secrets.maskFor(value, rule.label)
  }

  headers(pairs: readonly HeaderPair[]): HeaderPair[] {
    const out: HeaderPair[] = []
    for (const p of pairs) out.push({ name: p.name, value: this.header(p.name, p.value) })
    return out
  }

  /** Redacts credential query parameters, a password in the authority, and known secrets. */
  url(url: string): string {
    let out = url.includes('@') ? url.replace(URL_PASSWORD, this.replacePassword) : url
    const q = out.indexOf('?')
    if (q >= 0) out = out.slice(0, q) + this.formFields(out.slice(q))
    return this.secrets.redact(out)
  }

  /** Redacts credential fields of JSON or form bodies (also in truncated text) and known secrets. */
  body(text: string): string {
    if (text === '') return text
    let out = text
    // The replace (and its callback) runs only when a sensitive field name is there at all: the common case is free.
    if (out.includes('"') && FIELD_NAME.test(out)) out = out.replace(JSON_FIELD, this.replaceJsonField)
    if (out.includes('=')) out = this.formFields(out)
    return this.secrets.redact(out)
  }

  /** Known secrets only (free text such as error messages). */
  text(text: string): string {
    return this.secrets.redact(text)
  }

  private formFields(text: string): string {
    return FIELD_NAME.test(text) ? text.replace(FORM_FIELD, this.replaceFormField) : text
  }

  private readonly replacePassword = (_m: string, head: string, password: string): string =>
    `${head}${this.mask(decode(password), 'password')}@`

  private readonly replaceJsonField = (_m: string, field: string, colon: string, raw: string): string =>
    `"${field}"${colon}"${this.mask(unescapeJson(raw), field.toLowerCase())}"`

  private readonly replaceFormField = (_m: string, lead: string, field: string, raw: string): string =>
    raw === '' ? `${lead}${field}=` : `${lead}${field}=${this.mask(decode(raw), field.toLowerCase())}`

  private mask(value: string, label: string): string {
    if (MARKER.test(value)) return value
    if (REGISTERED_FIELDS.has(label)) this.secrets.add(value, label)
    return this.secrets.maskFor(value, label)
  }
}

function decode(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '))
  } catch {
    return raw
  }
}

function unescapeJson(raw: string): string {
  if (!raw.includes('\\')) return raw
  try {
    return JSON.parse(`"${raw}"`) as string
  } catch {
    return raw
  }
}
