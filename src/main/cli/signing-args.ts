import { readFile } from 'node:fs/promises'
import { MILLISECONDS_THRESHOLD } from '../engine/signing/signer'
import type { CliIo } from './io'

/** The options `sign` and `verify` share (parseArgs format). */
export const SIGNING_OPTIONS = {
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  method: { type: 'string' },
  path: { type: 'string' },
  body: { type: 'string' },
  'body-file': { type: 'string' },
  timestamp: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const

export const SECRET_HELP = `The secret comes from PARTNER_CLIENT_SECRET, or from --client-secret (which lands in your shell history).`

/** A usage mistake: printed as is, exit code 2. */
export class UsageError extends Error {}

type Values = Partial<Record<keyof typeof SIGNING_OPTIONS, string | boolean | undefined>>

/** Reads a required string option or says which one is missing. */
export function required(values: Values, name: keyof typeof SIGNING_OPTIONS): string {
  const v = values[name]
  if (typeof v !== 'string' || v === '') throw new UsageError(`--${name} is required.`)
  return v
}

/**
 * The client secret from the environment variable, or from the flag with a warning: a secret typed on a command
 * line is kept in the shell's history and visible in the process list.
 */
export function clientSecret(values: Values, io: CliIo, env: NodeJS.ProcessEnv): string {
  const flag = values['client-secret']
  if (typeof flag === 'string' && flag !== '') {
    io.stderr.write('warning: --client-secret puts the secret in your shell history and the process list; prefer PARTNER_CLIENT_SECRET.\n')
    return flag
  }
  const fromEnv = env.PARTNER_CLIENT_SECRET
  if (fromEnv) return fromEnv
  throw new UsageError(
    'No client secret: set PARTNER_CLIENT_SECRET (e.g. `read -s PARTNER_CLIENT_SECRET; export PARTNER_CLIENT_SECRET`) or pass --client-secret.',
  )
}

/** The body from --body or --body-file (exact bytes, which must be UTF-8), or null when there is none. */
export async function bodyArg(values: Values): Promise<string | null> {
  const inline = values.body
  const file = values['body-file']
  if (typeof inline === 'string' && typeof file === 'string') throw new UsageError('Give --body or --body-file, not both.')
  if (typeof inline === 'string') return inline
  if (typeof file !== 'string') return null
  let bytes: Buffer
  try {
    bytes = await readFile(file)
  } catch (error) {
    throw new UsageError(`Cannot read --body-file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`)
  }
  const text = bytes.toString('utf8')
  if (!Buffer.from(text, 'utf8').equals(bytes)) {
    throw new UsageError(`--body-file ${file} is not valid UTF-8; the console signs text bodies only.`)
  }
  return text
}

/** Parses a Unix-seconds timestamp, refusing milliseconds (the classic mistake) with a clear message. */
export function timestampArg(text: string): number {
  if (!/^\d{1,16}$/.test(text)) throw new UsageError(`--timestamp must be Unix seconds (digits only), not "${text}".`)
  const value = Number(text)
  if (value >= MILLISECONDS_THRESHOLD) {
    throw new UsageError(`--timestamp ${text} looks like milliseconds; x-timestamp is whole seconds (${Math.floor(value / 1000)}).`)
  }
  return value
}
