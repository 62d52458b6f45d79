import { describe, SECRET_ENV, type SnippetInput, sh, signedPath, TOKEN_ENV } from './snippet-input'

/** The bash lines that make x-timestamp and x-signature with openssl (the secret read from the environment). */
function bashSigning(input: SnippetInput): string[] {
  return [
    `CLIENT_ID=${sh(input.clientId ?? '')}`,
    `SIGNED_PATH=${sh(signedPath(input.url))}  # the path as sent, lower-cased, without host or query`,
    'TS=$(date +%s)',
    '# client_id + METHOD + path + body + timestamp, no separators; HMAC-SHA256 keyed with the secret, hex',
    `SIG=$(printf '%s' "\${CLIENT_ID}${input.method.toUpperCase()}\${SIGNED_PATH}\${BODY}\${TS}" | openssl dgst -sha256 -hmac "$${SECRET_ENV}" | sed 's/^.*= //')`,
  ]
}

function bashPrelude(input: SnippetInput): string[] {
  const lines = ['#!/usr/bin/env bash', `# ${describe(input)}`, 'set -euo pipefail']
  if (input.auth === 'hmac') lines.push(`: "\${${SECRET_ENV}:?set ${SECRET_ENV} to the client secret}"`)
  if (input.auth === 'bearer') lines.push(`: "\${${TOKEN_ENV}:?set ${TOKEN_ENV} to an access token}"`)
  lines.push(`BODY=${sh(input.body ?? '')}`)
  if (input.auth === 'hmac') lines.push(...bashSigning(input))
  return lines
}

/** curl for bash: the signature is computed by openssl when the script runs. */
export function curlBash(input: SnippetInput): string {
  // One option with its value per line.
  const args = [`curl -g -sS -X ${input.method.toUpperCase()} ${sh(input.url)}`]
  for (const h of input.headers) args.push(`-H ${sh(`${h.name}: ${h.value}`)}`)
  if (input.auth === 'hmac') args.push('-H "x-access-key: $CLIENT_ID"', '-H "x-timestamp: $TS"', '-H "x-signature: $SIG"')
  if (input.auth === 'bearer') args.push(`-H "Authorization: Bearer $${TOKEN_ENV}"`)
  if (input.body !== undefined) args.push('--data-raw "$BODY"')
  return `${bashPrelude(input).join('\n')}\n${args.join(' \\\n  ')}\n`
}

/** HTTPie (3.x) in bash: openssl signs, `--raw` sends the body byte for byte. */
export function httpie(input: SnippetInput): string {
  const args = [`http --ignore-stdin --print=hb ${input.method.toUpperCase()} ${sh(input.url)}`]
  for (const h of input.headers) args.push(sh(`${h.name}:${h.value}`))
  if (input.auth === 'hmac') args.push('"x-access-key:$CLIENT_ID"', '"x-timestamp:$TS"', '"x-signature:$SIG"')
  if (input.auth === 'bearer') args.push(`"Authorization:Bearer $${TOKEN_ENV}"`)
  if (input.body !== undefined) args.push('--raw "$BODY"')
  return `${bashPrelude(input).join('\n')}\n${args.join(' \\\n  ')}\n`
}

/** A literal for a cmd batch file: `%` doubled, `"` escaped for curl.exe's argument parser. */
function cmdText(text: string): string {
  return text.replace(/%/g, '%%').replace(/"/g, '\\"')
}

/**
 * curl.exe for Windows cmd (a .cmd batch file). cmd cannot compute an HMAC nor hold arbitrary bytes safely, so the
 * body travels base64-encoded and PowerShell (present on every Windows) decodes it to a file, and signs.
 */
export function curlCmd(input: SnippetInput): string {
  const method = input.method.toUpperCase()
  const lines = ['@echo off', `rem ${cmdText(describe(input))}`, 'rem Save as request.cmd and run it from cmd.exe.', 'setlocal']
  if (input.auth === 'hmac') lines.push(`if "%${SECRET_ENV}%"=="" (echo Set ${SECRET_ENV} to the client secret. & exit /b 1)`)
  if (input.auth === 'bearer') lines.push(`if "%${TOKEN_ENV}%"=="" (echo Set ${TOKEN_ENV} to an access token. & exit /b 1)`)
  const hasBody = input.body !== undefined
  if (hasBody || input.auth === 'hmac') {
    lines.push(`set "BODY_B64=${Buffer.from(input.body ?? '', 'utf8').toString('base64')}"`)
    lines.push('set "BODY_FILE=%TEMP%\\partner-request-body.bin"')
  }
  if (input.auth === 'hmac') {
    lines.push(`set "CLIENT_ID=${cmdText(input.clientId ?? '')}"`)
    lines.push(`set "SIGNED_PATH=${cmdText(signedPath(input.url))}"`)
    const script = [
      '$b=[Convert]::FromBase64String($env:BODY_B64)',
      '[IO.File]::WriteAllBytes($env:BODY_FILE,$b)',
      '$ts=[DateTimeOffset]::UtcNow.ToUnixTimeSeconds()',
      `$c=$env:CLIENT_ID+'${method}'+$env:SIGNED_PATH+[Text.Encoding]::UTF8.GetString($b)+$ts`,
      `$h=New-Object Security.Cryptography.HMACSHA256(,[Text.Encoding]::UTF8.GetBytes($env:${SECRET_ENV}))`,
      "$s=[BitConverter]::ToString($h.ComputeHash([Text.Encoding]::UTF8.GetBytes($c))).Replace('-','').ToLower()",
      "Write-Output ($ts.ToString()+' '+$s)",
    ].join('; ')
    lines.push(`for /f "usebackq tokens=1,2" %%a in (\`powershell -NoProfile -Command "${script}"\`) do (set "TS=%%a" & set "SIG=%%b")`)
  } else if (hasBody) {
    lines.push('powershell -NoProfile -Command "[IO.File]::WriteAllBytes($env:BODY_FILE,[Convert]::FromBase64String($env:BODY_B64))"')
  }
  const args = [`curl.exe -g -sS -X ${method} "${cmdText(input.url)}"`]
  for (const h of input.headers) args.push(`-H "${cmdText(`${h.name}: ${h.value}`)}"`)
  if (input.auth === 'hmac') args.push('-H "x-access-key: %CLIENT_ID%"', '-H "x-timestamp: %TS%"', '-H "x-signature: %SIG%"')
  if (input.auth === 'bearer') args.push(`-H "Authorization: Bearer %${TOKEN_ENV}%"`)
  if (hasBody) args.push('--data-binary "@%BODY_FILE%"')
  lines.push(args.join(' ^\n  '))
  return `${lines.join('\n').replace(/\n/g, '\r\n')}\r\n`
}
