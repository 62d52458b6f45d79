import { parseArgs } from 'node:util'
import { escapeInvisible } from '../../shared/spec'
import { ConsoleError } from '../engine/core/console-error'
import { type SignedRequest, signRequest } from '../engine/signing/signer'
import { cliHint } from './cli-hint'
import { type CliIo, processIo } from './io'
import { bodyArg, clientSecret, required, SECRET_HELP, SIGNING_OPTIONS, timestampArg, UsageError } from './signing-args'

const HELP = `partner-console sign --client-id ID --method M --path P [--body B | --body-file F] [--timestamp T] [--json]

Signs one request with HMAC-SHA256 (spec 5.2) and prints each canonical part with the rule applied and its byte
offsets, the canonical string, the signature and the three headers to send.
${SECRET_HELP}

  --path P         path with optional query, or a full URL (host and query are not signed)
  --body B         the body exactly as it will be sent (none: signed as the empty string)
  --body-file F    the body from a file, byte for byte (mind a trailing newline)
  --timestamp T    Unix seconds (default: now, by this machine's clock)
  --json           print { canonical, parts, signature, headers }
`

/** `partner-console sign`: exit 0 with the signature, 2 on a usage mistake. */
export async function runSignCommand(argv: string[], io: CliIo = processIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({ args: argv, options: SIGNING_OPTIONS, strict: true })
  if (values.help) {
    io.stdout.write(HELP)
    return 0
  }
  try {
    const clientId = required(values, 'client-id')
    const method = required(values, 'method')
    const path = required(values, 'path')
    const body = await bodyArg(values)
    const timestamp = values.timestamp === undefined ? Math.floor(Date.now() / 1000) : timestampArg(values.timestamp)
    const secret = clientSecret(values, io, env)
    const signed = signRequest({ clientId, clientSecret: secret, method, path, body, timestamp })
    const { canonical, parts, signature, headers } = signed
    io.stdout.write(values.json ? `${JSON.stringify({ canonical, parts, signature, headers }, null, 2)}\n` : formatSigned(signed))
    return 0
  } catch (error) {
    return reportUsage(error, io)
  }
}

/** The human-readable layout shared with `verify`. */
export function formatSigned(signed: SignedRequest): string {
  const lines = ['Canonical parts (offsets in UTF-8 bytes):']
  for (const p of signed.parts) {
    const range = `${p.offset}..${p.offset + p.length}`.padEnd(12)
    lines.push(`  ${p.name.padEnd(10)} ${range} "${escapeInvisible(p.value)}"`)
    lines.push(`  ${''.padEnd(10)} ${''.padEnd(12)} ${p.rule}${p.source !== p.value ? ` (from ${JSON.stringify(p.source)})` : ''}`)
  }
  const escaped = escapeInvisible(signed.canonical)
  lines.push('', `Canonical string (${Buffer.byteLength(signed.canonical)} bytes):`, `  ${signed.canonical}`)
  if (escaped !== signed.canonical) lines.push(`  escaped: ${escaped}`)
  lines.push('', 'Signature (HMAC-SHA256, hex):', `  ${signed.signature}`, '', 'Headers:')
  for (const [name, value] of Object.entries(signed.headers)) lines.push(`  ${name}: ${value}`)
  return `${lines.join('\n')}\n`
}

/** Prints a usage or input mistake with its hint and returns exit code 2; rethrows anything else. */
export function reportUsage(error: unknown, io: CliIo): number {
  if (error instanceof UsageError) {
    io.stderr.write(`${error.message}\n`)
    return 2
  }
  if (error instanceof ConsoleError && error.code === 'invalid_request') {
    const hint = cliHint(error.hint)
    io.stderr.write(`${error.message}${hint ? `\n${hint}` : ''}\n`)
    return 2
  }
  throw error
}
