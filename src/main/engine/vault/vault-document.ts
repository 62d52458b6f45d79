import { z } from 'zod'
import { lazySchema } from '../../../shared/contract'

export const VAULT_FORMAT = 'partner-console-vault'

const recordSchema = lazySchema(() =>
  z
    .object({
      /** Base64 of the cipher's output for one value. */
      data: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'data must be base64'),
      updatedAt: z.string(),
    })
    .strict(),
)

const documentSchema = lazySchema(() =>
  z
    .object({
      format: z.literal(VAULT_FORMAT),
      version: z.literal(1),
      /** The SecretCipher backend that encrypted the records (e.g. aes-256-gcm-keyfile, safeStorage:keychain). */
      backend: z.string(),
      /** Checked entry by entry below: a record may be named anything, `__proto__` included. */
      records: z.custom<Record<string, unknown>>(
        v => typeof v === 'object' && v !== null && !Array.isArray(v),
        'records must be an object',
      ),
    })
    .strict(),
)

type VaultRecordData = z.output<typeof recordSchema>

/**
 * The on-disk shape of vault.json (documented in docs/auth.md). Records are a Map: a plain object would turn a record
 * named `__proto__` into its prototype (lost on write, dropped on read).
 */
export interface VaultDocument {
  format: typeof VAULT_FORMAT
  version: 1
  backend: string
  records: Map<string, VaultRecordData>
}

/** vault.json's text for a document, every record an own key (`__proto__` included). */
export function serializeVaultDocument(doc: VaultDocument): string {
  const records = Object.fromEntries(doc.records)
  return `${JSON.stringify({ format: doc.format, version: doc.version, backend: doc.backend, records }, null, 2)}\n`
}

/** Parses vault.json; throws an Error whose message says what is wrong (JSON syntax or the first schema problems). */
export function parseVaultDocument(text: string): VaultDocument {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    throw new Error(`not valid JSON: ${(error as Error).message}`)
  }
  const parsed = documentSchema.safeParse(raw)
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 3)
      .map(i => `${i.path.join('.') || '(document)'}: ${i.message}`)
      .join('; ')
    throw new Error(`not a vault document: ${issues}`)
  }
  const records = new Map<string, VaultRecordData>()
  // Object.entries of JSON.parse's output lists "__proto__" as the own key it is.
  for (const [key, value] of Object.entries(parsed.data.records)) {
    const record = recordSchema.safeParse(value)
    if (!record.success) throw new Error(`not a vault document: records.${key}: ${record.error.issues[0]?.message ?? 'invalid'}`)
    records.set(key, record.data)
  }
  return { format: VAULT_FORMAT, version: 1, backend: parsed.data.backend, records }
}
