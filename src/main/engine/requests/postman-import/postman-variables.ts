import { ConsoleError } from '../../core/console-error'

/** Variable names whose values are credentials: never filled into a saved request (kept as `{{name}}`). */
const SECRET_NAME = /secret|password|passwd|token|api[-_]?key|private|signature|credential/i

/** Collection variables overlaid by an environment's (Postman's precedence), with what substitution left open. */
export class PostmanVariables {
  private readonly values = new Map<string, string>()
  /** Names used but not filled in: unknown, disabled, or secret-looking. */
  readonly unresolved = new Set<string>()
  readonly withheld = new Set<string>()

  constructor(collection: Array<{ key?: string; value?: unknown; disabled?: boolean }>, environment: PostmanEnvironment | null) {
    for (const v of collection) if (v.key && !v.disabled && v.value !== undefined) this.values.set(v.key, String(v.value))
    for (const v of environment?.values ?? []) if (v.enabled !== false && v.value !== undefined) this.values.set(v.key, String(v.value))
  }

  /** The value of `{{name}}`, or null when it is unknown or a credential (which stays a placeholder). */
  value(name: string): string | null {
    if (SECRET_NAME.test(name) && this.values.has(name)) {
      this.withheld.add(name)
      return null
    }
    const v = this.values.get(name)
    if (v === undefined) this.unresolved.add(name)
    return v ?? null
  }

  /** `{{name}}` replaced by its value (values may refer to other variables, up to a depth); others kept as typed. */
  fill(text: string, depth = 0): string {
    if (!text.includes('{{')) return text
    return text.replace(/\{\{([^{}]+)\}\}/g, (whole, name: string) => {
      const v = this.value(name.trim())
      return v === null ? whole : depth < 5 ? this.fill(v, depth + 1) : v
    })
  }
}

export interface PostmanEnvironment {
  name: string
  values: Array<{ key: string; value: unknown; enabled?: boolean }>
}

/** A Postman environment file (exported from Postman: `{ name, values: [{ key, value, enabled }] }`), checked. */
export function parsePostmanEnvironment(text: string): PostmanEnvironment {
  let doc: unknown
  try {
    doc = JSON.parse(text)
  } catch (error) {
    throw new ConsoleError('invalid_request', `The environment file is not JSON: ${(error as Error).message}`, {
      hint: 'Choose a file made by Postman’s “Export” of an environment.',
    })
  }
  const d = doc as { name?: unknown; values?: unknown }
  if (!doc || typeof doc !== 'object' || !Array.isArray(d.values)) {
    throw new ConsoleError('invalid_request', 'The environment file is not a Postman environment (it has no "values" list).', {
      hint: 'Choose a file made by Postman’s “Export” of an environment.',
    })
  }
  const values = d.values.filter(
    (v): v is { key: string; value: unknown; enabled?: boolean } =>
      !!v && typeof v === 'object' && typeof (v as { key?: unknown }).key === 'string',
  )
  return { name: typeof d.name === 'string' ? d.name : 'environment', values }
}
