import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { QuotaConfig } from '../../../shared/contract'
import { lazySchema } from '../../../shared/contract'
import { writeFileAtomic } from '../vault/atomic-write'

const FILE_NAME = 'quota-limits.json'

const stored = lazySchema(() =>
  z.object({
    defaultLimit: z.number().int().min(1).max(1_000_000_000).optional(),
    windowSeconds: z.number().int().min(1).max(86_400).optional(),
    overrides: z
      .array(z.object({ pathPattern: z.string().startsWith('/'), method: z.string().optional(), limit: z.number().int().min(1) }))
      .max(200)
      .optional(),
  }),
)

type StoredQuotaConfig = Partial<Omit<QuotaConfig, 'specRules'>>

/**
 * Reads the user's quota settings from the data folder. A missing file means defaults; an unreadable or invalid one
 * is reported through `onProblem` and ignored, so a bad file never stops the console from starting.
 */
export async function loadQuotaConfig(dataDir: string, onProblem: (message: string) => void = () => {}): Promise<StoredQuotaConfig> {
  let text: string
  try {
    text = await readFile(join(dataDir, FILE_NAME), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') onProblem(`Could not read ${FILE_NAME}: ${(error as Error).message}`)
    return {}
  }
  try {
    const parsed = stored.safeParse(JSON.parse(text))
    if (parsed.success) return parsed.data
    onProblem(`${FILE_NAME} is not valid (${parsed.error.issues[0]?.message ?? 'unknown problem'}): defaults used.`)
  } catch (error) {
    onProblem(`${FILE_NAME} is not JSON (${(error as Error).message}): defaults used.`)
  }
  return {}
}

/** Saves the user's quota settings (write to a temporary file, then rename: never a half-written file). */
export async function saveQuotaConfig(dataDir: string, config: QuotaConfig): Promise<void> {
  const { defaultLimit, windowSeconds, overrides } = config
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  await writeFileAtomic(join(dataDir, FILE_NAME), `${JSON.stringify({ defaultLimit, windowSeconds, overrides }, null, 2)}\n`, 0o600)
}
