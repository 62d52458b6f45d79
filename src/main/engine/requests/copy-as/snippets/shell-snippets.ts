import { ConsoleError } from '../../../core/console-error'
import { bashWord, cmdCanHold, cmdCommentText, cmdText, cmdWord, commentText, httpieHeaderItem } from './quoting'
import { describe, SECRET_ENV, type SnippetInput, signedPath, TOKEN_ENV } from './snippet-input'

/** The bash lines that make x-timestamp and x-signature with openssl (the secret read from the environment). */
function bashSigning(input: SnippetInput): string[] {
  return [
    `CLIENT_ID=${bashWord(input.clientId ?? '', 'The client id')}`,
    `SIGNED_PATH=${bashWord(signedPath(input.url), 'The path')}  # the path as sent, lower-cased, without host or query`,
    'TS=$(date +%s)',
    '# client_id + METHOD + path + body + timestamp, no separators; HMAC-SHA256 keyed with the secret, hex',
    `SIG=$(printf '%s' "\${CLIENT_ID}\${METHOD}\${SIGNED_PATH}\${BODY}\${TS}" | openssl dgst -sha256 -hmac "$${SECRET_ENV}" | sed 's/^.*= //')`,
  ]
}

function bashPrelude(input: SnippetInput): string[] {
  const lines = ['#!/usr/bin/env bash', `# ${commentText(describe(input))}`, 'set -euo pipefail']
  if (input.auth === 'hmac') lines.push(`: "\${${SECRET_ENV}:?set ${SECRET_ENV} to the client secret}"`)
  if (input.auth === 'bearer') lines.push(`: "\${${TOKEN_ENV}:?set ${TOKEN_ENV} to an access token}"`)
  lines.push(`METHOD=${bashWord(input.method.toUpperCase(), 'The method')}`)
  lines.push(`BODY=${bashWord(input.body ?? '', 'The body')}`)
  if (input.auth === 'hmac') lines.push(...bashSigning(input))
  return lines
}

/** One curl -H argument: `name: value`, or `name;` for an empty value (curl reads `name:` as "do not send it"). */
function curlHeader(name: string, value: string): string {
  const what = `The header ${name}`
  return value === '' ? bashWord(`${name};`, what) : `${bashWord(`${name}: `, what)}${bashWord(value, what, 'latin1')}`
}

/** curl for bash: the signature is computed by openssl when the script runs. */
export function curlBash(input: SnippetInput): string {
  // One option with its value per line.
  const args = [`curl -g -sS -X "$METHOD" ${bashWord(input.url, 'The URL')}`]
  for (const h of input.headers) args.push(`-H ${curlHeader(h.name, h.value)}`)
  if (input.auth === 'hmac') args.push('-H "x-access-key: $CLIENT_ID"', '-H "x-timestamp: $TS"', '-H "x-signature: $SIG"')
  if (input.auth === 'bearer') args.push(`-H "Authorization: Bearer $${TOKEN_ENV}"`)
  if (input.body !== undefined) args.push('--data-raw "$BODY"')
  return `${bashPrelude(input).join('\n')}\n${args.join(' \\\n  ')}\n`
}

/**
 * HTTPie (3.x) in bash: openssl signs, `--raw=` sends the body byte for byte. HTTPie reads a method that is not
 * letters only as the URL (and the URL as a request item), so such a method is refused rather than sent elsewhere.
 */
export function httpie(input: SnippetInput): string {
  const method = input.method.toUpperCase()
  if (!/^[A-Z]+$/.test(method)) {
    throw new ConsoleError(
      'invalid_request',
      `HTTPie cannot send the method ${method}: it takes a method that is not letters only for the URL.`,
      {
        hint: 'Copy it as cURL instead.',
      },
    )
  }
  const flags = ['http --ignore-stdin --print=hb']
  if (input.body !== undefined) flags.push('--raw="$BODY"')
  const args = [`${flags.join(' ')} "$METHOD" ${bashWord(input.url, 'The URL')}`]
  // HTTPie (Python) decodes its arguments as UTF-8, then sends header values as Latin-1.
  for (const h of input.headers) args.push(bashWord(httpieHeaderItem(h.name, h.value), `The header ${h.name}`))
  if (input.auth === 'hmac') args.push('"x-access-key:$CLIENT_ID"', '"x-timestamp:$TS"', '"x-signature:$SIG"')
  if (input.auth === 'bearer') args.push(`"Authorization:Bearer $${TOKEN_ENV}"`)
  return `${bashPrelude(input).join('\n')}\n${args.join(' \\\n  ')}\n`
}

/**
 * curl.exe for Windows cmd (a .cmd batch file). cmd cannot compute an HMAC nor hold arbitrary bytes safely, so the
 * body travels base64-encoded and PowerShell (present on every Windows) decodes it to a file, and signs. Values reach
 * PowerShell only through environment variables, never inside its code. Headers that cmd cannot quote (a `"`, a
 * character outside printable ASCII) travel base64-encoded too, into a header file curl reads with `-H @file`.
 */
export function curlCmd(input: SnippetInput): string {
  const method = input.method.toUpperCase()
  const lines = [
    '@echo off',
    `rem ${cmdCommentText(describe(input))}`,
    'rem Save as request.cmd and run it from cmd.exe.',
    'setlocal DisableDelayedExpansion',
  ]
  if (input.auth === 'hmac') lines.push(`if "%${SECRET_ENV}%"=="" (echo Set ${SECRET_ENV} to the client secret. & exit /b 1)`)
  if (input.auth === 'bearer') lines.push(`if "%${TOKEN_ENV}%"=="" (echo Set ${TOKEN_ENV} to an access token. & exit /b 1)`)
  const hasBody = input.body !== undefined
  const headerLines = input.headers.map(h => (h.value === '' ? `${h.name};` : `${h.name}: ${h.value}`))
  const headerFile = !headerLines.every(cmdCanHold)
  const decode: string[] = []
  if (hasBody || input.auth === 'hmac') {
    lines.push(`set "BODY_B64=${Buffer.from(input.body ?? '', 'utf8').toString('base64')}"`)
    lines.push('set "BODY_FILE=%TEMP%\\partner-request-body.bin"')
    decode.push('$b=[Convert]::FromBase64String($env:BODY_B64)', '[IO.File]::WriteAllBytes($env:BODY_FILE,$b)')
  }
  if (headerFile) {
    lines.push('rem A header holds a quote or non-ASCII text, which cmd cannot quote: they travel base64-encoded to a file.')
    lines.push(`set "HEADERS_B64=${Buffer.from(headerLines.map(l => `${l}\r\n`).join(''), 'latin1').toString('base64')}"`)
    lines.push('set "HEADERS_FILE=%TEMP%\\partner-request-headers.txt"')
    decode.push('[IO.File]::WriteAllBytes($env:HEADERS_FILE,[Convert]::FromBase64String($env:HEADERS_B64))')
  }
  if (input.auth === 'hmac') {
    lines.push(`set "METHOD=${cmdText(method, 'The method')}"`)
    lines.push(`set "CLIENT_ID=${cmdText(input.clientId ?? '', 'The client id')}"`)
    lines.push(`set "SIGNED_PATH=${cmdText(signedPath(input.url), 'The path')}"`)
    const script = [
      ...decode,
      '$ts=[DateTimeOffset]::UtcNow.ToUnixTimeSeconds()',
      '$c=$env:CLIENT_ID+$env:METHOD+$env:SIGNED_PATH+[Text.Encoding]::UTF8.GetString($b)+$ts',
      `$h=New-Object Security.Cryptography.HMACSHA256(,[Text.Encoding]::UTF8.GetBytes($env:${SECRET_ENV}))`,
      "$s=[BitConverter]::ToString($h.ComputeHash([Text.Encoding]::UTF8.GetBytes($c))).Replace('-','').ToLower()",
      "Write-Output ($ts.ToString()+' '+$s)",
    ].join('; ')
    lines.push(`for /f "usebackq tokens=1,2" %%a in (\`powershell -NoProfile -Command "${script}"\`) do (set "TS=%%a" & set "SIG=%%b")`)
  } else if (decode.length > 0) {
    lines.push(`powershell -NoProfile -Command "${decode.join('; ')}"`)
  }
  const args = [`curl.exe -g -sS -X ${cmdWord(method, 'The method')} ${cmdWord(input.url, 'The URL')}`]
  if (headerFile) args.push('-H "@%HEADERS_FILE%"')
  else for (const line of headerLines) args.push(`-H ${cmdWord(line, 'A header')}`)
  if (input.auth === 'hmac') {
    args.push(
      `-H ${cmdWord(`x-access-key: ${input.clientId ?? ''}`, 'The client id')}`,
      '-H "x-timestamp: %TS%"',
      '-H "x-signature: %SIG%"',
    )
  }
  if (input.auth === 'bearer') args.push(`-H "Authorization: Bearer %${TOKEN_ENV}%"`)
  if (hasBody) args.push('--data-binary "@%BODY_FILE%"')
  lines.push(args.join(' ^\n  '))
  return `${lines.join('\n').replace(/\n/g, '\r\n')}\r\n`
}
