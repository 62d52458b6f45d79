import { z } from 'zod'

export const VAULT_FORMAT = 'partner-console-vault'

const recordSchema = z
  .object({
    /** Base64 of the cipher's output for one value. */
    data: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'data must be base64'),
    updatedAt: z.string(),
  })
  .strict()

const documentSchema = z
  .object({
    format: z.literal(VAULT_FORMAT),
    version: z.literal(1),
    /** The SecretCipher backend that encrypted the records (e.g. aes-256-gcm-keyfile, safeStorage:keychain). */
    backend: z.string(),
    records: z.record(z.string(), recordSchema),
  })
  .strict()

/** The on-disk shape of vault.json (documented in docs/auth.md). */
export type VaultDocument = z.output<typeof documentSchema>

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
  return parsed.data
}
