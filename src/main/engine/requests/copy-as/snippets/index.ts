import { requestFieldProblem, type Snippet, type SnippetLanguage } from '../../../../../shared/contract'
import { ConsoleError } from '../../../core/console-error'
import { wellFormed } from './quoting'
import { fetchSnippet, nodeSnippet, powershellSnippet, pythonRequestsSnippet, pythonSnippet } from './script-snippets'
import { curlBash, curlCmd, httpie } from './shell-snippets'
import type { SnippetInput } from './snippet-input'

export type { SnippetInput } from './snippet-input'

const LANGUAGES: Record<SnippetLanguage, { label: string; make: (input: SnippetInput) => string; note?: string }> = {
  curl: { label: 'cURL (bash)', make: curlBash, note: 'Needs bash, curl and openssl.' },
  'curl-cmd': { label: 'cURL (Windows cmd)', make: curlCmd, note: 'A .cmd batch file: PowerShell decodes the body and signs.' },
  fetch: { label: 'fetch', make: fetchSnippet, note: 'An ES module: node request.mjs, or a browser console.' },
  node: { label: 'Node', make: nodeSnippet, note: 'Node’s standard library only: node request.mjs.' },
  powershell: { label: 'PowerShell', make: powershellSnippet },
  httpie: { label: 'HTTPie', make: httpie, note: 'Needs bash, HTTPie 3 and openssl.' },
  python: { label: 'Python (urllib)', make: pythonSnippet, note: 'Python 3’s standard library only.' },
  'python-requests': { label: 'Python requests', make: pythonRequestsSnippet, note: 'Needs pip install requests.' },
}

/**
 * A runnable program performing `input` in one language. HMAC requests are signed by the program when it runs
 * (x-timestamp now, a fresh x-signature over docs/api.md#hmac-signature's canonical string, the key read from PARTNER_CLIENT_SECRET); bearer
 * requests read PARTNER_ACCESS_TOKEN. No secret, token or captured signature is ever written into the text. Every value
 * is written through its language's quoting (quoting.ts), comments included, so no value can add code or a line; a
 * request whose method or headers are not HTTP, or a value a language cannot hold (a NUL for bash, a `"` in a cmd
 * URL), is refused with a ConsoleError('invalid_request') saying which language to use instead.
 */
export function buildSnippet(language: SnippetLanguage, given: SnippetInput): Snippet {
  // Validated here again whatever the caller checked: a generator only ever sees a method and headers that are HTTP.
  const problem = requestFieldProblem(given.method, given.headers)
  if (problem) throw new ConsoleError('invalid_request', problem, { hint: 'Correct the request in the composer, then copy it again.' })
  const input: SnippetInput = { ...given, ...(given.body === undefined ? {} : { body: wellFormed(given.body) }) }
  const entry = LANGUAGES[language]
  const notes: string[] = []
  if (entry.note) notes.push(entry.note)
  if (input.auth === 'hmac')
    notes.push('Signs at run time with PARTNER_CLIENT_SECRET: a signature lives 10 seconds, so none is written in.')
  if (input.auth === 'bearer') notes.push('Reads the access token from PARTNER_ACCESS_TOKEN.')
  const all = [input.url, input.body ?? '', ...input.headers.map(h => h.value)].join('\n')
  if (all.includes('[redacted:')) notes.push('Some values show as [redacted:…]: put the real values in before running it.')
  return { language, label: entry.label, code: entry.make(input), notes }
}
