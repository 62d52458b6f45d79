import type { CapturedRequest } from './inspector-store'

interface ParsedCapture {
  fields: Partial<CapturedRequest>
  /** What could not be read, in words for the user. */
  problems: string[]
}

const SIGNING_HEADERS = { 'x-access-key': 'accessKey', 'x-timestamp': 'timestamp', 'x-signature': 'signature' } as const

/**
 * Reads a captured request pasted as raw HTTP (`GET /path HTTP/1.1`, headers, blank line, body), as a cURL command
 * (`curl -X … -H 'x-signature: …' --data '…' URL`), or as bare `x-…: value` header lines. Returns only the fields it
 * found; the body is kept byte for byte (it is what was signed).
 */
export function parseCapturedRequest(text: string): ParsedCapture {
  const trimmed = text.replace(/^\s+/, '')
  if (/^curl\s/i.test(trimmed)) return parseCurl(trimmed)
  return parseRawHttp(trimmed)
}

function withHeader(fields: Partial<CapturedRequest>, name: string, value: string): void {
  const key = SIGNING_HEADERS[name.trim().toLowerCase() as keyof typeof SIGNING_HEADERS]
  if (key) fields[key] = value.trim()
}

function finish(fields: Partial<CapturedRequest>, problems: string[]): ParsedCapture {
  const missing = Object.entries(SIGNING_HEADERS)
    .filter(([, key]) => !fields[key])
    .map(([name]) => name)
  if (missing.length > 0) problems.push(`Not found in the paste: ${missing.join(', ')}.`)
  return { fields, problems }
}

function parseRawHttp(text: string): ParsedCapture {
  const fields: Partial<CapturedRequest> = {}
  const problems: string[] = []
  const split = /\r?\n\r?\n/.exec(text)
  const head = split ? text.slice(0, split.index) : text
  const lines = head.split(/\r?\n/)
  const requestLine = /^([A-Za-z]+)\s+(\S+)(?:\s+HTTP\/[\d.]+)?\s*$/.exec(lines[0] ?? '')
  if (requestLine) {
    fields.method = requestLine[1]!.toUpperCase()
    fields.path = requestLine[2]!
    lines.shift()
  } else if (!/^[\w-]+\s*:/.test(lines[0] ?? '')) {
    problems.push('The first line is neither a request line ("GET /path HTTP/1.1") nor a header.')
  }
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon > 0) withHeader(fields, line.slice(0, colon), line.slice(colon + 1))
  }
  if (split && requestLine) fields.body = text.slice(split.index + split[0].length)
  else if (requestLine) fields.body = ''
  return finish(fields, problems)
}

/** Splits a shell command line into words: single quotes, double quotes, $'…' and backslash-newline continuations. */
export function shellWords(command: string): string[] {
  const words: string[] = []
  let word: string | null = null
  let i = 0
  const push = () => {
    if (word !== null) words.push(word)
    word = null
  }
  while (i < command.length) {
    const ch = command[i]!
    if (ch === '\\' && (command[i + 1] === '\n' || command.slice(i + 1, i + 3) === '\r\n')) {
      i += command[i + 1] === '\n' ? 2 : 3
    } else if (/\s/.test(ch)) {
      push()
      i++
    } else if (ch === "'") {
      const end = command.indexOf("'", i + 1)
      const stop = end < 0 ? command.length : end
      word = (word ?? '') + command.slice(i + 1, stop)
      i = stop + 1
    } else if (ch === '$' && command[i + 1] === "'") {
      let j = i + 2
      let out = ''
      const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' }
      while (j < command.length && command[j] !== "'") {
        if (command[j] === '\\' && j + 1 < command.length) {
          out += escapes[command[j + 1]!] ?? command[j + 1]
          j += 2
        } else out += command[j++]
      }
      word = (word ?? '') + out
      i = j + 1
    } else if (ch === '"') {
      let j = i + 1
      let out = ''
      while (j < command.length && command[j] !== '"') {
        if (command[j] === '\\' && /["\\$`]/.test(command[j + 1] ?? '')) {
          out += command[j + 1]
          j += 2
        } else out += command[j++]
      }
      word = (word ?? '') + out
      i = j + 1
    } else if (ch === '\\' && i + 1 < command.length) {
      word = (word ?? '') + command[i + 1]
      i += 2
    } else {
      word = (word ?? '') + ch
      i++
    }
  }
  push()
  return words
}

const CURL_DATA = new Set(['-d', '--data', '--data-raw', '--data-binary', '--data-ascii'])
const CURL_WITH_VALUE = new Set([
  '-o',
  '--output',
  '-u',
  '--user',
  '-A',
  '--user-agent',
  '-e',
  '--referer',
  '-b',
  '--cookie',
  '-m',
  '--max-time',
  '--connect-timeout',
  '-w',
  '--write-out',
])

function parseCurl(command: string): ParsedCapture {
  const fields: Partial<CapturedRequest> = {}
  const problems: string[] = []
  const words = shellWords(command).slice(1)
  let method: string | null = null
  let url: string | null = null
  let body: string | null = null
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!
    const next = () => words[++i] ?? ''
    if (w === '-X' || w === '--request') method = next().toUpperCase()
    else if (w === '-H' || w === '--header') {
      const h = next()
      const colon = h.indexOf(':')
      if (colon > 0) withHeader(fields, h.slice(0, colon), h.slice(colon + 1))
    } else if (CURL_DATA.has(w)) {
      const d = next()
      if (d.startsWith('@') && w !== '--data-raw')
        problems.push(`The body comes from a file (${d}): paste the file's exact content into Body.`)
      else body = (body === null ? '' : `${body}&`) + d
    } else if (w === '--url') url = next()
    else if (CURL_WITH_VALUE.has(w)) next()
    else if (!w.startsWith('-') && url === null) url = w
  }
  if (url !== null) fields.path = url
  else problems.push('No URL found in the cURL command.')
  fields.method = method ?? (body !== null ? 'POST' : 'GET')
  fields.body = body ?? ''
  return finish(fields, problems)
}
