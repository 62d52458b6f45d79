import { parseArgs } from 'node:util'
import { type ExplainResult, explainSignature } from '../engine/signing/signature-explainer'
import { type CliIo, processIo } from './io'
import { formatSigned, reportUsage } from './sign-command'
import { bodyArg, clientSecret, required, SECRET_HELP, SIGNING_OPTIONS, UsageError } from './signing-args'

const HELP = `partner-console verify --client-id ID --method M --path P [--body B | --body-file F] --timestamp T --signature S
                        [--access-key K] [--now T|local] [--json]

Checks a captured signature (spec 5.2). When it is wrong, names the plausible mistake that reproduces it: path not
lowercased, query included, body as "null" or re-serialised, timestamp in ms, lowercase method, client_id and secret
swapped, wrong key, base64, separators, trailing slash (and pairs of them).
${SECRET_HELP}

  --timestamp T    the x-timestamp header as sent
  --signature S    the x-signature header as sent
  --access-key K   the x-access-key header as sent, when it differs from --client-id
  --now T|local    also check the 10 s lifetime against this Unix time (seconds), or this machine's clock
  --json           print the whole explanation as JSON

Exit code: 0 valid, 1 not valid, 2 usage mistake.
`

/** `partner-console verify`: runs the explainer; exit 0 when the signature is valid, 1 when not. */
export async function runVerifyCommand(argv: string[], io: CliIo = processIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...SIGNING_OPTIONS,
      signature: { type: 'string' },
      'access-key': { type: 'string' },
      now: { type: 'string' },
    },
    strict: true,
  })
  if (values.help) {
    io.stdout.write(HELP)
    return 0
  }
  let result: ExplainResult
  try {
    const clientId = required(values, 'client-id')
    const method = required(values, 'method')
    const path = required(values, 'path')
    const timestamp = required(values, 'timestamp')
    if (!values.signature) throw new UsageError('--signature is required.')
    const body = await bodyArg(values)
    const secret = clientSecret(values, io, env)
    result = explainSignature({
      method,
      path,
      body,
      headers: { 'x-access-key': values['access-key'] ?? clientId, 'x-timestamp': timestamp, 'x-signature': values.signature },
      clientSecret: secret,
      clientId,
      serverNow: nowArg(values.now),
    })
  } catch (error) {
    return reportUsage(error, io)
  }
  io.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : formatExplanation(result))
  return result.valid ? 0 : 1
}

function nowArg(text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  if (text === 'local') return Date.now()
  if (!/^\d{1,12}$/.test(text)) throw new UsageError(`--now must be Unix seconds or "local", not "${text}".`)
  return Number(text) * 1000
}

function formatExplanation(result: ExplainResult): string {
  const lines = [result.valid ? 'VALID' : 'NOT VALID', result.summary, '']
  const found = result.diagnosis.filter(d => d.reproduces)
  const ruledOut = result.diagnosis.filter(d => !d.reproduces && d.applicable)
  if (found.length > 0) {
    lines.push('Reproduced by:')
    for (const d of found) {
      lines.push(`  ✔ ${d.mistake}`, `    ${d.explanation}`)
      if (d.signedCanonical !== undefined) lines.push(`    signed string: ${JSON.stringify(d.signedCanonical)}`)
    }
    lines.push('')
  }
  if (ruledOut.length > 0) lines.push(`Ruled out: ${ruledOut.map(d => d.mistake).join('; ')}.`, '')
  if (!result.stale) lines.push('Lifetime not checked (pass --now local or --now T to check the 10 s lifetime).', '')
  lines.push('What the signature should be:', '')
  return `${lines.join('\n')}${formatSigned(result.expected)}`
}
