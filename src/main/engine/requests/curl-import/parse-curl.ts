import type { ImportedDraft } from '../../../../shared/contract'
import { ConsoleError } from '../../core/console-error'
import { draftFromEntry, type HostsOfEnvironment } from '../resend-from-entry'
import { CurlUsageError, readCurlOptions } from './curl-options'
import { cmdWords, posixWords, ShellSyntaxError } from './shell-words'

/** The headers that make a request HMAC-signed (spec 5.2): any one of them marks a pasted command as signed. */
const SIGNING_HEADERS = new Set(['x-signature', 'x-timestamp', 'x-access-key'])

/** Where the curl command starts: the first line whose first word is curl (after a `$ `, `> ` or `PS …>` prompt). */
const CURL_START = /(?:^|\n)[ \t]*(?:\$[ \t]+|>[ \t]*|PS [^\n>]*>[ \t]*)?(curl(?:\.exe)?)(?=[ \t\r\n^\\]|$)/i

/** True when the text reads as a cURL command (what the composer's path field uses to offer an import on paste). */
export function looksLikeCurl(text: string): boolean {
  return /^\s*(?:\$\s+)?curl(?:\.exe)?\s/i.test(text)
}

/**
 * A pasted cURL command as a composer request, by one parser for the console, the CLI and the paste into the path
 * field. The command is read as its shell would (POSIX quoting, `$'…'`, line continuations; or cmd.exe carets and
 * the C runtime's quoting for `curl.exe` and Chrome's "Copy as cURL (cmd)"), then as curl reads its options. A request
 * carrying x-signature, x-timestamp or x-access-key is HMAC-signed (signed anew at send, never with the pasted
 * signature); a bearer token, a `-u` password and cookies are never carried into the draft; a URL on the
 * environment's hosts becomes a path. Throws ConsoleError('invalid_request') saying what is wrong with the command.
 */
export function draftFromCurl(text: string, env: HostsOfEnvironment | null): ImportedDraft {
  const start = CURL_START.exec(text)
  if (!start) {
    throw new ConsoleError('invalid_request', 'This is not a cURL command: no line starts with "curl".', {
      hint: 'Paste the whole command, starting with curl (a browser’s "Copy as cURL" gives one).',
    })
  }
  const command = text.slice(start.index + start[0].length - (start[1] as string).length)
  const cmdStyle = /^curl\.exe/i.test(command) || /\^\r?\n/.test(command) || /^curl\s+\^"/i.test(command)
  let words: string[]
  const notes: string[] = []
  try {
    const read = cmdStyle ? cmdWords(command) : posixWords(command)
    words = read.words.slice(1)
    if (read.stoppedAt) notes.push(`Read up to ${read.stoppedAt}: what follows is for the shell, not part of the request.`)
  } catch (error) {
    if (!(error instanceof ShellSyntaxError)) throw error
    throw new ConsoleError('invalid_request', `The cURL command cannot be read: ${error.message}.`, {
      hint: 'Paste the whole command as it was copied, including its closing quote.',
    })
  }
  let curl: ReturnType<typeof readCurlOptions>
  try {
    curl = readCurlOptions(words)
  } catch (error) {
    if (!(error instanceof CurlUsageError)) throw error
    throw new ConsoleError('invalid_request', `The cURL command cannot be used: ${error.message}`, {
      hint: 'Check that the command names a URL and that every option has its value.',
    })
  }
  const url = absoluteUrl(curl.url)
  const names = new Set(curl.headers.map(h => h.name.toLowerCase()))
  const signed = [...SIGNING_HEADERS].some(n => names.has(n))
  const authorization = curl.headers.find(h => h.name.toLowerCase() === 'authorization')?.value ?? ''
  const auth = signed ? 'hmac' : /^bearer\s/i.test(authorization) ? 'bearer' : 'none'
  const headers = [...curl.headers]
  if (curl.user !== null) headers.push({ name: 'Authorization', value: 'Basic' })
  const draft = draftFromEntry(
    {
      id: 'curl',
      method: curl.method,
      url,
      auth,
      requestHeaders: headers,
      requestBody:
        curl.body === undefined
          ? null
          : { text: curl.body, size: Buffer.byteLength(curl.body), mimeType: '', truncated: false, evicted: false },
      imported: false,
    },
    env,
  )
  if (signed) notes.push('Recognised as an HMAC-signed request (x-signature, x-timestamp or x-access-key): auth is HMAC.')
  if (curl.user !== null) notes.push('The -u user name and password are not kept: the request uses the auth chosen in the draft.')
  return { request: draft.request, dropped: draft.dropped, notes: [...curl.notes, ...notes, ...draft.notes], bodyFile: curl.bodyFile }
}

/** curl's URL as an absolute one: a URL without a scheme is http:// as curl takes it. */
function absoluteUrl(raw: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`
  try {
    return new URL(withScheme).href
  } catch {
    throw new ConsoleError('invalid_request', `The cURL command’s URL "${raw}" is not a URL the console can send to.`, {
      hint: 'Check the URL in the command (a scheme such as https://, a host, and a path).',
    })
  }
}
