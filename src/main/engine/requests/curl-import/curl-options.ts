/** What a cURL command asks for, before it is aimed at an environment: curl's own reading of its options. */
interface CurlCommand {
  method: string
  url: string
  headers: Array<{ name: string; value: string }>
  body: string | undefined
  /** `-d @file` and the like: a file curl would read the body from (the console reads it only where it can see it). */
  bodyFile: string | null
  /** `-u user:password` (sent as Basic authorization by curl). */
  user: string | null
  notes: string[]
}

type Kind = 'data' | 'data-raw' | 'data-binary' | 'data-urlencode' | 'json'

/** Options that take a value; the value is read and used (or named in a note). */
const WITH_VALUE: Record<string, string> = {
  '-X': 'request',
  '--request': 'request',
  '-H': 'header',
  '--header': 'header',
  '-d': 'data',
  '--data': 'data',
  '--data-ascii': 'data',
  '--data-raw': 'data-raw',
  '--data-binary': 'data-binary',
  '--data-urlencode': 'data-urlencode',
  '--json': 'json',
  '-u': 'user',
  '--user': 'user',
  '--url': 'url',
  '-A': 'user-agent',
  '--user-agent': 'user-agent',
  '-b': 'cookie',
  '--cookie': 'cookie',
  '-e': 'referer',
  '--referer': 'referer',
}

/** Options that take a value the console has no use for (output files, timeouts, certificates…): skipped with it. */
const IGNORED_WITH_VALUE = new Set(
  '-o --output -m --max-time --connect-timeout -w --write-out -c --cookie-jar --cacert --cert --key -E --retry -x --proxy -U --proxy-user --resolve --limit-rate -r --range -T --upload-file -F --form --form-string -K --config --max-redirs -D --dump-header --trace --trace-ascii --stderr --retry-delay --retry-max-time --capath --pass --interface --local-port --unix-socket --abstract-unix-socket -Y --speed-limit -y --speed-time -z --time-cond --expect100-timeout --keepalive-time --tls-max --ciphers --proto --proto-redir'.split(
    ' ',
  ),
)
/** Single-letter flags without a value (they may be bundled: `-sSLk`). */
const BARE_SHORT = new Set('s S L k i v g G I f n N q 4 6 0 1 2 3 l j O J R # :'.split(' '))

/**
 * Reads the words of a curl command line as curl does: -X, -H, the four -d forms (joined with "&" when repeated,
 * `@file` noted), --json (POST with JSON content type and accept), -u, --url or the first bare word, -G (the data
 * go into the query), -I, -A, -b, -e, bundled short flags (`-sSL`, `-XPOST`, `-HName: v`) and `--opt=value`. Options
 * that change nothing of the request (output, timeouts, TLS files) are skipped; unknown ones are named in a note.
 */
export function readCurlOptions(args: string[]): CurlCommand {
  const notes: string[] = []
  const headers: Array<{ name: string; value: string }> = []
  const data: Array<{ kind: Kind; value: string }> = []
  const urls: string[] = []
  let method: string | null = null
  let user: string | null = null
  let get = false
  let head = false
  const unknown: string[] = []
  const ignored: string[] = []
  let insecure = false

  const take = (opt: string, value: string) => {
    switch (WITH_VALUE[opt]) {
      case 'request':
        method = value.toUpperCase()
        break
      case 'header': {
        const colon = value.indexOf(':')
        const semi = value.indexOf(';')
        if (colon > 0) headers.push({ name: value.slice(0, colon).trim(), value: value.slice(colon + 1).trim() })
        else if (semi > 0 && semi === value.length - 1) headers.push({ name: value.slice(0, semi).trim(), value: '' })
        else if (value.startsWith('@'))
          notes.push(`-H ${value} reads headers from a file, which the console cannot see: add them in the headers table.`)
        else notes.push(`The header "${value}" has no colon and was left out (curl would remove a header given as "Name:").`)
        break
      }
      case 'data':
      case 'data-raw':
      case 'data-binary':
      case 'data-urlencode':
      case 'json':
        data.push({ kind: WITH_VALUE[opt] as Kind, value })
        break
      case 'user':
        user = value
        break
      case 'url':
        urls.push(value)
        break
      case 'user-agent':
        headers.push({ name: 'User-Agent', value })
        break
      case 'cookie':
        if (value.includes('=')) headers.push({ name: 'Cookie', value })
        else notes.push(`-b ${value} reads cookies from a file, which the console cannot see.`)
        break
      case 'referer':
        headers.push({ name: 'Referer', value })
        break
    }
  }

  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    const next = () => {
      const v = args[i + 1]
      if (v === undefined) throw new CurlUsageError(`${arg} needs a value, and the command ends there.`)
      i++
      return v
    }
    if (arg === '--') {
      urls.push(...args.slice(i + 1))
      break
    }
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=')
      const opt = eq > 0 && !(arg in WITH_VALUE) ? arg.slice(0, eq) : arg
      const inline = eq > 0 && opt !== arg ? arg.slice(eq + 1) : undefined
      if (opt in WITH_VALUE) take(opt, inline ?? next())
      else if (IGNORED_WITH_VALUE.has(opt)) {
        if (inline === undefined) next()
        ignored.push(opt)
      } else if (opt === '--get') get = true
      else if (opt === '--head') head = true
      else if (opt === '--insecure') insecure = true
      else if (!KNOWN_LONG_FLAGS.has(opt)) unknown.push(opt)
      continue
    }
    if (arg.startsWith('-') && arg.length > 1) {
      // Bundled short options: flags until one that takes a value, which takes the rest of the word or the next word.
      for (let k = 1; k < arg.length; k++) {
        const letter = `-${arg[k]}`
        const rest = arg.slice(k + 1)
        if (letter in WITH_VALUE) {
          take(letter, rest !== '' ? rest : next())
          break
        }
        if (IGNORED_WITH_VALUE.has(letter)) {
          if (rest === '') next()
          ignored.push(letter)
          break
        }
        if (letter === '-G') get = true
        else if (letter === '-I') head = true
        else if (letter === '-k') insecure = true
        else if (!BARE_SHORT.has(arg[k] as string)) unknown.push(letter)
      }
      continue
    }
    urls.push(arg)
  }

  const url = urls[0]
  if (url === undefined) throw new CurlUsageError('The command has no URL.')
  if (urls.length > 1) notes.push(`The command names ${urls.length} URLs: only the first (${url}) was taken.`)
  if (unknown.length > 0) notes.push(`Not understood, left out: ${[...new Set(unknown)].join(', ')}.`)
  if (ignored.length > 0) notes.push(`Options that do not change the request were skipped: ${[...new Set(ignored)].join(', ')}.`)
  if (insecure) notes.push('-k (do not check the certificate) is not carried: the environment’s trust settings apply.')

  let body: string | undefined
  let bodyFile: string | null = null
  if (data.length > 0) {
    const parts: string[] = []
    for (const d of data) {
      if (d.kind === 'data-raw') parts.push(d.value)
      else if (d.kind === 'data-urlencode') parts.push(urlencodeData(d.value, notes))
      else if (d.value.startsWith('@')) {
        bodyFile = d.value.slice(1)
        notes.push(`The body is read by curl from the file ${bodyFile}: the draft has no body until you paste it in.`)
      } else parts.push(d.value)
    }
    body = parts.join('&')
    const has = (name: string) => headers.some(h => h.name.toLowerCase() === name)
    if (data.some(d => d.kind === 'json')) {
      if (!has('content-type')) headers.push({ name: 'Content-Type', value: 'application/json' })
      if (!has('accept')) headers.push({ name: 'Accept', value: 'application/json' })
    } else if (!has('content-type') && !get) headers.push({ name: 'Content-Type', value: 'application/x-www-form-urlencoded' })
  }
  let finalUrl = url
  if (get && body !== undefined) {
    finalUrl += (url.includes('?') ? '&' : '?') + body
    body = undefined
  }
  const resolvedMethod = method ?? (head ? 'HEAD' : body !== undefined || bodyFile !== null ? 'POST' : 'GET')
  return { method: resolvedMethod, url: finalUrl, headers, body, bodyFile, user, notes }
}

/** curl's --data-urlencode forms: `content`, `=content`, `name=content` (and `name@file`, noted). */
function urlencodeData(value: string, notes: string[]): string {
  const eq = value.indexOf('=')
  const at = value.indexOf('@')
  if (at >= 0 && (eq < 0 || at < eq)) {
    notes.push(`--data-urlencode ${value} reads a file, which the console cannot see: that part was left out.`)
    return ''
  }
  if (eq < 0) return encodeURIComponent(value)
  const name = value.slice(0, eq)
  return `${name === '' ? '' : `${name}=`}${encodeURIComponent(value.slice(eq + 1))}`
}

/** A cURL command the console cannot turn into a request (no URL, an option without its value): says which. */
export class CurlUsageError extends Error {}

const KNOWN_LONG_FLAGS = new Set(
  '--silent --show-error --location --include --verbose --globoff --fail --fail-with-body --compressed --http1.1 --http2 --http2-prior-knowledge --http1.0 --no-buffer --netrc --ipv4 --ipv6 --location-trusted --no-keepalive --tr-encoding --path-as-is --raw --no-progress-meter --progress-bar --remote-name --remote-header-name --create-dirs --tcp-nodelay --ssl --ssl-reqd --tlsv1.2 --tlsv1.3 --digest --basic --ntlm --negotiate --anyauth --junk-session-cookies --disable --styled-output --no-styled-output'.split(
    ' ',
  ),
)
