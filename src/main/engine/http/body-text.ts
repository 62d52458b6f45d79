import { TextDecoder } from 'node:util'
import type { BodyKind } from '../../../shared/contract'
import { isJsonText } from './json-validity'

const BINARY_TYPE =
  /^(image|audio|video|font)\/|octet-stream|application\/(pdf|zip|gzip|x-gzip|x-tar|wasm|x-protobuf|protobuf|vnd\.ms-excel|msword)/i
const JSON_TYPE = /^application\/([\w.+-]*\+)?json\b|^text\/json\b/i
/**
 * A process's first bodies are checked as JSON by JSON.parse itself, the scan (json-validity.ts) only the later ones:
 * the scan, which builds nothing, is ~1.5x faster than the parser once V8 has compiled it, but until then it runs
 * interpreted, ~20-35x slower (a one-shot CLI run: ~7-13 ms of CPU on the walkthrough's 37 KB ticket export, against
 * ~0.4 ms for JSON.parse). Bodies from PARSE_BELOW on always go to the scan (a copy of a large document is a heap's
 * worth of garbage). Both give the same verdict, and the parser's message for a broken body.
 */
const PARSED_FIRST_CHARS = 256 * 1024
const PARSE_BELOW = 64 * 1024
let parsedChars = 0

/** A response body read for display: its text, what it is, and the JSON parser's message when it is broken JSON. */
export interface DecodedBody {
  text: string
  kind: BodyKind
  jsonError?: string
}

/**
 * Decodes a (possibly truncated) body with the charset the server declared (UTF-8 otherwise) and classifies it.
 * Non-JSON bodies and broken JSON are returned as they are, with the parse error when JSON was claimed or looked
 * likely; binary bodies are not turned into text (they would only be mojibake).
 */
export function decodeBody(bytes: Buffer, contentType: string | null, truncated: boolean): DecodedBody {
  if (bytes.length === 0) return { text: '', kind: 'empty' }
  const type = contentType ?? ''
  const plainJson = type === 'application/json' || type.startsWith('application/json;')
  const text = bodyAsText(bytes, contentType)
  if (text === null) return { text: '', kind: 'binary' }
  const first = firstNonSpace(text)
  const claimsJson = plainJson || JSON_TYPE.test(type)
  if (!claimsJson && first !== '{' && first !== '[') return { text, kind: 'text' }
  if (truncated) {
    return {
      text,
      kind: 'invalid-json',
      jsonError: 'The body was cut at the size cap, so it cannot be parsed as a whole (raise the cap to see all of it).',
    }
  }
  // Valid JSON is recognised by a scan that builds nothing, once the process is past its first bodies (see
  // PARSED_FIRST_CHARS); the parser otherwise, and to word why a body is not JSON.
  const parseFirst = parsedChars < PARSED_FIRST_CHARS && text.length < PARSE_BELOW
  if (parseFirst) parsedChars += text.length
  else if (isJsonText(text)) return { text, kind: 'json' }
  try {
    JSON.parse(text)
    return { text, kind: 'json' }
  } catch (error) {
    // Broken JSON is worth saying so when the server claimed JSON or did not say what it sent.
    if (claimsJson || type === '') return { text, kind: 'invalid-json', jsonError: (error as Error).message }
    return { text, kind: 'text' }
  }
}

/**
 * The body as text with the declared charset (UTF-8 otherwise), or null when it is binary: decodeBody without the
 * JSON check, for what only needs the text (the capture's log entry, on every exchange).
 */
export function bodyAsText(bytes: Buffer, contentType: string | null): string | null {
  const type = contentType ?? ''
  const plainJson = type === 'application/json' || type.startsWith('application/json;')
  if ((type !== '' && !plainJson && BINARY_TYPE.test(type)) || hasNulByte(bytes)) return null
  return (plainJson && !type.includes('charset') ? UTF8 : decoderFor(type)).decode(bytes)
}

const UTF8 = { decode: (bytes: Buffer) => bytes.toString('utf8') }

function decoderFor(contentType: string): { decode(bytes: Buffer): string } {
  // Bodies of one API mostly carry one content type: the last one's decoder is kept (a pure function of the type).
  if (contentType === lastType) return lastDecoder
  const m = /charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType)
  const label = m?.[1]?.toLowerCase()
  let decoder: { decode(bytes: Buffer): string } = UTF8
  if (label && label !== 'utf-8' && label !== 'utf8') {
    try {
      decoder = new TextDecoder(label)
    } catch {
      // An unknown charset: read it as UTF-8 rather than fail.
    }
  }
  lastType = contentType
  lastDecoder = decoder
  return decoder
}

let lastType = ''
let lastDecoder: { decode(bytes: Buffer): string } = UTF8

function hasNulByte(bytes: Buffer): boolean {
  // The first 1024 bytes only (a NUL further on does not make a body binary), read in place: no view of them is made.
  const end = Math.min(bytes.length, 1024)
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true
  return false
}

function firstNonSpace(text: string): string | undefined {
  for (let i = 0; i < text.length && i < 1024; i++) {
    const c = text.charCodeAt(i)
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 0xfeff) return text[i]
  }
  return undefined
}
