import { commentText, jsString as js, psString as ps, pyString as py } from './quoting'
import { describe, SECRET_ENV, type SnippetInput, signedPath, TOKEN_ENV } from './snippet-input'

function jsHeaders(input: SnippetInput, indent: string): string[] {
  const lines = input.headers.map(h => `${indent}${js(h.name)}: ${js(h.value)},`)
  if (input.auth === 'hmac') {
    lines.push(`${indent}'x-access-key': clientId,`, `${indent}'x-timestamp': timestamp,`, `${indent}'x-signature': signature,`)
  }
  if (input.auth === 'bearer') lines.push(`${indent}authorization: \`Bearer \${process.env.${TOKEN_ENV}}\`,`)
  return lines
}

/** fetch with WebCrypto: runs as an ES module in Node 18+ (`node request.mjs`) and, with the secret typed in, in a browser. */
export function fetchSnippet(input: SnippetInput): string {
  const lines = [`// ${commentText(describe(input))}`, '// Run: node request.mjs (Node 18+), or paste into a browser console.']
  lines.push(`const url = ${js(input.url)}`, `const method = ${js(input.method.toUpperCase())}`)
  lines.push(`const body = ${input.body === undefined ? 'undefined' : js(input.body)}`)
  if (input.auth === 'hmac') {
    lines.push(
      `const secret = globalThis.process?.env?.${SECRET_ENV} ?? globalThis.prompt?.('Client secret (${SECRET_ENV})')`,
      `if (!secret) throw new Error('Set ${SECRET_ENV} to the client secret.')`,
      `const clientId = ${js(input.clientId ?? '')}`,
      'const timestamp = String(Math.floor(Date.now() / 1000))',
      '// 5.2: client_id + METHOD + path (lower-case, no host, no query) + body + timestamp; HMAC-SHA256, hex',
      `const canonical = clientId + method + ${js(signedPath(input.url))} + (body ?? '') + timestamp`,
      'const encoder = new TextEncoder()',
      "const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])",
      "const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(canonical)))",
      "const signature = Array.from(mac, b => b.toString(16).padStart(2, '0')).join('')",
    )
  }
  if (input.auth === 'bearer')
    lines.push(`if (!globalThis.process?.env?.${TOKEN_ENV}) throw new Error('Set ${TOKEN_ENV} to an access token.')`)
  lines.push('const response = await fetch(url, {', '  method,', '  headers: {', ...jsHeaders(input, '    '), '  },', '  body,', '})')
  lines.push('console.log(response.status, response.statusText)', 'console.log(await response.text())')
  lines.push('if (!response.ok && globalThis.process) process.exitCode = 1')
  return `${lines.join('\n')}\n`
}

/** Node with its standard library only (node:crypto, node:http/https). */
export function nodeSnippet(input: SnippetInput): string {
  const https = new URL(input.url).protocol === 'https:'
  const lines = [
    `// ${commentText(describe(input))}`,
    '// Run: node request.mjs (no packages needed)',
    "import { createHmac } from 'node:crypto'",
    `import { request } from 'node:${https ? 'https' : 'http'}'`,
    '',
    `const url = ${js(input.url)}`,
    `const method = ${js(input.method.toUpperCase())}`,
    `const body = ${input.body === undefined ? 'undefined' : js(input.body)}`,
  ]
  if (input.auth === 'hmac') {
    lines.push(
      `const secret = process.env.${SECRET_ENV}`,
      `if (!secret) throw new Error('Set ${SECRET_ENV} to the client secret.')`,
      `const clientId = ${js(input.clientId ?? '')}`,
      'const timestamp = String(Math.floor(Date.now() / 1000))',
      '// 5.2: client_id + METHOD + path (lower-case, no host, no query) + body + timestamp; HMAC-SHA256, hex',
      `const canonical = clientId + method + ${js(signedPath(input.url))} + (body ?? '') + timestamp`,
      "const signature = createHmac('sha256', secret).update(canonical, 'utf8').digest('hex')",
    )
  }
  if (input.auth === 'bearer') lines.push(`if (!process.env.${TOKEN_ENV}) throw new Error('Set ${TOKEN_ENV} to an access token.')`)
  lines.push(
    'const headers = {',
    ...jsHeaders(input, '  '),
    '}',
    "if (body !== undefined) headers['content-length'] = Buffer.byteLength(body)",
    'const req = request(url, { method, headers }, res => {',
    '  const chunks = []',
    "  res.on('data', c => chunks.push(c))",
    "  res.on('end', () => {",
    '    console.log(res.statusCode, res.statusMessage)',
    "    console.log(Buffer.concat(chunks).toString('utf8'))",
    '    if (res.statusCode >= 400) process.exitCode = 1',
    '  })',
    '})',
    "req.on('error', e => { console.error(e.message); process.exitCode = 1 })",
    'req.end(body)',
  )
  return `${lines.join('\n')}\n`
}

function pyHeaders(input: SnippetInput): string[] {
  const lines = input.headers.map(h => `    ${py(h.name)}: ${py(h.value)},`)
  if (input.auth === 'hmac') lines.push('    "x-access-key": CLIENT_ID,', '    "x-timestamp": timestamp,', '    "x-signature": signature,')
  if (input.auth === 'bearer') lines.push(`    "Authorization": "Bearer " + os.environ["${TOKEN_ENV}"],`)
  return lines
}

function pySigning(input: SnippetInput): string[] {
  if (input.auth === 'hmac') {
    return [
      `SECRET = os.environ.get("${SECRET_ENV}") or sys.exit("Set ${SECRET_ENV} to the client secret.")`,
      `CLIENT_ID = ${py(input.clientId ?? '')}`,
      'timestamp = str(int(time.time()))',
      '# 5.2: client_id + METHOD + path (lower-case, no host, no query) + body + timestamp; HMAC-SHA256, hex',
      `canonical = CLIENT_ID + METHOD + ${py(signedPath(input.url))} + (BODY or "") + timestamp`,
      'signature = hmac.new(SECRET.encode("utf-8"), canonical.encode("utf-8"), hashlib.sha256).hexdigest()',
    ]
  }
  if (input.auth === 'bearer') return [`"${TOKEN_ENV}" in os.environ or sys.exit("Set ${TOKEN_ENV} to an access token.")`]
  return []
}

/** Line 1 of every Python program: a value in a comment on lines 1–2 could otherwise declare the file's encoding (PEP 263). */
const PY_CODING = '# -*- coding: utf-8 -*-'

/** Python 3 with its standard library only (urllib, hmac, hashlib). */
export function pythonSnippet(input: SnippetInput): string {
  const lines = [
    PY_CODING,
    `# ${commentText(describe(input))}`,
    '# Run: python3 request.py (standard library only)',
    'import hashlib, hmac, os, sys, time, urllib.error, urllib.request',
    '',
    `URL = ${py(input.url)}`,
    `METHOD = ${py(input.method.toUpperCase())}`,
    `BODY = ${input.body === undefined ? 'None' : py(input.body)}`,
    ...pySigning(input),
    'headers = {',
    ...pyHeaders(input),
    '}',
    'data = None if BODY is None else BODY.encode("utf-8")',
    'req = urllib.request.Request(URL, data=data, method=METHOD, headers=headers)',
    'try:',
    '    with urllib.request.urlopen(req) as res:',
    '        status, reason, text = res.status, res.reason, res.read().decode("utf-8", "replace")',
    'except urllib.error.HTTPError as e:',
    '    status, reason, text = e.code, e.reason, e.read().decode("utf-8", "replace")',
    'print(status, reason)',
    'print(text)',
    'sys.exit(1 if status >= 400 else 0)',
  ]
  return `${lines.join('\n')}\n`
}

/** Python with the `requests` package (pip install requests). */
export function pythonRequestsSnippet(input: SnippetInput): string {
  const lines = [
    PY_CODING,
    `# ${commentText(describe(input))}`,
    '# Run: python3 request.py (needs: pip install requests)',
    'import hashlib, hmac, os, sys, time',
    'import requests',
    '',
    `URL = ${py(input.url)}`,
    `METHOD = ${py(input.method.toUpperCase())}`,
    `BODY = ${input.body === undefined ? 'None' : py(input.body)}`,
    ...pySigning(input),
    'headers = {',
    ...pyHeaders(input),
    '}',
    'session = requests.Session()',
    'prepared = session.prepare_request(',
    '    requests.Request(METHOD, URL, headers=headers, data=None if BODY is None else BODY.encode("utf-8"))',
    ')',
    '# The URL as written: requests would re-quote it (%41 becomes A), and the signature covers the path as sent.',
    'prepared.url = URL',
    'res = session.send(prepared)',
    'print(res.status_code, res.reason)',
    'print(res.text)',
    'sys.exit(1 if res.status_code >= 400 else 0)',
  ]
  return `${lines.join('\n')}\n`
}

/** PowerShell 5.1+ (Invoke-WebRequest; .NET HMACSHA256 for the signature). */
export function powershellSnippet(input: SnippetInput): string {
  const method = input.method.toUpperCase()
  const lines = [
    `# ${commentText(describe(input))}`,
    '# Run: pwsh ./request.ps1 (or Windows PowerShell 5.1)',
    "$ErrorActionPreference = 'Stop'",
  ]
  lines.push(`$Url = ${ps(input.url)}`, `$Method = ${ps(method)}`)
  lines.push(`$Body = ${input.body === undefined ? '$null' : ps(input.body)}`)
  lines.push('$Headers = @{')
  for (const h of input.headers) if (h.name.toLowerCase() !== 'content-type') lines.push(`  ${ps(h.name)} = ${ps(h.value)}`)
  lines.push('}')
  if (input.auth === 'hmac') {
    lines.push(
      `if (-not $env:${SECRET_ENV}) { throw 'Set ${SECRET_ENV} to the client secret.' }`,
      `$ClientId = ${ps(input.clientId ?? '')}`,
      '$Timestamp = [DateTimeOffset]::UtcNow.ToUnixTimeSeconds().ToString()',
      '# 5.2: client_id + METHOD + path (lower-case, no host, no query) + body + timestamp; HMAC-SHA256, hex',
      `$Canonical = $ClientId + $Method + ${ps(signedPath(input.url))} + [string]$Body + $Timestamp`,
      `$Hmac = New-Object System.Security.Cryptography.HMACSHA256 (,[Text.Encoding]::UTF8.GetBytes($env:${SECRET_ENV}))`,
      "$Signature = ([BitConverter]::ToString($Hmac.ComputeHash([Text.Encoding]::UTF8.GetBytes($Canonical)))).Replace('-', '').ToLower()",
      "$Headers['x-access-key'] = $ClientId",
      "$Headers['x-timestamp'] = $Timestamp",
      "$Headers['x-signature'] = $Signature",
    )
  }
  if (input.auth === 'bearer') {
    lines.push(
      `if (-not $env:${TOKEN_ENV}) { throw 'Set ${TOKEN_ENV} to an access token.' }`,
      `$Headers['Authorization'] = "Bearer $env:${TOKEN_ENV}"`,
    )
  }
  const contentType = input.headers.find(h => h.name.toLowerCase() === 'content-type')?.value
  const args = ['-Uri $Url', '-Method $Method', '-Headers $Headers', '-SkipHttpErrorCheck']
  if (input.body !== undefined) args.push('-Body ([Text.Encoding]::UTF8.GetBytes($Body))')
  if (contentType) args.push(`-ContentType ${ps(contentType)}`)
  lines.push('# -SkipHttpErrorCheck needs PowerShell 7; on 5.1 remove it and catch the WebException instead.')
  lines.push(`$Response = Invoke-WebRequest ${args.join(' ')}`)
  lines.push('"$($Response.StatusCode) $($Response.StatusDescription)"', '$Response.Content')
  lines.push('if ($Response.StatusCode -ge 400) { exit 1 }')
  return `${lines.join('\n')}\n`
}
