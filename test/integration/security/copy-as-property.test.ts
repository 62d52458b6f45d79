import { execFile } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConsoleError } from '../../../src/main/engine/core/console-error'
import { buildSnippet, type SnippetInput } from '../../../src/main/engine/requests/copy-as/snippets'
import { cmdCanHold, wellFormed } from '../../../src/main/engine/requests/copy-as/snippets/quoting'
import type { SnippetLanguage } from '../../../src/shared/contract'
import { crtArguments, readBatch } from '../../support/cmd-tokens'
import { httpieTakesMethod, readHttpieItem } from '../../support/httpie-items'
import { powerShellSkeleton, tokenizePowerShell } from '../../support/powershell-tokens'
import { type RecordedRequest, startRecordingServer } from '../../support/recording-server'

// "Copy as" with values a hostile HAR or bundle could hold, through every language: each bash, Python, Node and fetch
// program is run against a loopback server that records the bytes it receives; the request must arrive exactly as
// described (method, target, headers, body, a valid signature) and nothing else may happen (no file in the working
// folder, no second request). HTTPie's command line is recorded by an `http` that writes its arguments (HTTPie is not
// installed here) and read with HTTPie's own rules; PowerShell and cmd output is read by faithful tokenizers.

const SECRET = 's3cret-for-the-property-test'
const TOKEN = 'bearer-token-for-the-property-test'
const TCHAR = "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
const PIECES = [
  "'",
  '"',
  '\\',
  '`',
  '$(touch pwned)',
  '`touch pwned`',
  '; touch pwned',
  '&& touch pwned',
  '| touch pwned',
  '> pwned',
  '$HOME',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell expansion, on purpose
  '${IFS}',
  '%PATH%',
  '!PATH!',
  '%%',
  '%~',
  '^',
  '&',
  '|',
  '<',
  "'); import os; os.system('touch pwned') #",
  "\"); require('fs').writeFileSync('pwned', '') //",
  '*/',
  '#',
  '-o pwned',
  '@pwned',
  '=@/etc/passwd',
  ':=@/etc/passwd',
  ':@/etc/passwd',
  '==@/etc/passwd',
  '\\u2028',
  '\\x27',
  "'+(touch pwned)+'",
  '\u2018',
  '\u2019',
]
const TERMINATORS = [
  '\n',
  '\r',
  '\r\n',
  '\v',
  '\f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\t',
  '\0',
  '\u202e',
  '\u2066',
  '\ufeff',
  '\u00a0',
  '\x7f',
  '\x1b]52;c;',
  'é',
  '€',
  '😀',
]
const RESERVED = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'content-type',
  'user-agent',
  'accept',
  'accept-encoding',
  'te',
  'upgrade',
  'keep-alive',
  'expect',
  'authorization',
  'x-access-key',
  'x-timestamp',
  'x-signature',
  'cookie',
  'trailer',
])

const hostile = fc
  .array(
    fc.oneof(
      fc.constantFrom(...PIECES),
      fc.constantFrom(...TERMINATORS),
      fc.string({ unit: 'grapheme', maxLength: 4 }),
      fc.string({ unit: 'binary', maxLength: 3 }),
    ),
    { maxLength: 6 },
  )
  .map(parts => parts.join(''))
/** What a header value can be (the door refuses the rest): field-value characters, no OWS at either end. */
const headerValue = hostile.map(text => text.replace(/[^\t\x20-\x7e]/g, '').replace(/^[ \t]+|[ \t]+$/g, ''))
const token = fc
  .array(fc.oneof(fc.constantFrom('`id`', '$HOME', "'", '%PATH%', '!PATH!', '&', '|', '^', '~', '#', '*'), fc.constantFrom(...TCHAR)), {
    minLength: 1,
    maxLength: 4,
  })
  .map(parts => parts.join(''))
const method = fc.oneof(
  fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE'),
  token.map(t => `X${t}`.toUpperCase()),
)
const headers = fc.uniqueArray(
  fc.record({
    name: fc.oneof(
      token,
      token.map(t => `-${t}`),
    ),
    value: headerValue,
  }),
  {
    maxLength: 4,
    selector: h => h.name.toLowerCase(),
  },
)
const request = fc.record({
  method,
  path: hostile,
  query: fc.array(fc.tuple(hostile, hostile), { maxLength: 2 }),
  headers: headers.map(list => list.filter(h => !RESERVED.has(h.name.toLowerCase()))),
  body: fc.option(hostile, { nil: undefined }),
  auth: fc.constantFrom('none', 'hmac', 'bearer') as fc.Arbitrary<SnippetInput['auth']>,
  // The environment's client id (not a file's): printable ASCII, never empty, still full of shell metacharacters.
  clientId: hostile.map(v => v.replace(/[^\x20-\x7e]/g, '').trim() || 'c'),
})
type Generated = typeof request extends fc.Arbitrary<infer T> ? T : never

let server: Awaited<ReturnType<typeof startRecordingServer>>
let root: string
let bin: string
let work: string
let n = 0
const run = (cmd: string, args: string[], env: Record<string, string>) =>
  new Promise<{ code: number; stderr: string }>(resolve => {
    execFile(cmd, args, { cwd: work, env: { ...process.env, ...env }, timeout: 20_000 }, (error, _stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
    )
  })

beforeAll(async () => {
  server = await startRecordingServer()
  root = await mkdtemp(join(tmpdir(), 'pc-copy-as-'))
  bin = join(root, 'bin')
  work = join(root, 'work')
  await mkdir(bin)
  await mkdir(work)
  await writeFile(join(bin, 'http'), '#!/usr/bin/env bash\nprintf \'%s\\0\' "$@" > "$HTTPIE_ARGV"\n')
  await chmod(join(bin, 'http'), 0o755)
  // The interpreter itself, not a version manager's shim (a shell script that costs a second per start).
  python = await new Promise<string>((resolve, reject) =>
    execFile('python3', ['-c', 'import sys; print(sys.executable)'], (error, stdout) => (error ? reject(error) : resolve(stdout.trim()))),
  )
})
afterAll(async () => {
  await server?.close()
  await rm(root, { recursive: true, force: true })
})

function inputOf(g: Generated): SnippetInput {
  const u = new URL(server.url)
  u.pathname = `/${g.path}`
  for (const [k, v] of g.query) u.searchParams.append(k, v)
  return { method: g.method, url: u.href, headers: g.headers, body: g.body, auth: g.auth, clientId: g.clientId }
}

/** The snippet, or null when the language refused the input for a reason the test expects (and only then). */
function snippetOrRefusal(language: SnippetLanguage, input: SnippetInput): string | null {
  try {
    return buildSnippet(language, input).code
  } catch (error) {
    expect(error).toBeInstanceOf(ConsoleError)
    const shell = language === 'curl' || language === 'httpie'
    const nul = shell && (input.body ?? '').includes('\0')
    const httpieRefuses = language === 'httpie' && (!httpieTakesMethod(input.method) || input.headers.some(h => h.name.startsWith('-')))
    const cmdRefuses = language === 'curl-cmd' && !cmdCanHold(input.clientId ?? '') && input.auth === 'hmac'
    expect(nul || httpieRefuses || cmdRefuses, `${language} refused: ${(error as Error).message}`).toBe(true)
    return null
  }
}

function signature(input: SnippetInput, ts: string): string {
  const canonical = `${input.clientId}${input.method}${new URL(input.url).pathname.toLowerCase()}${wellFormed(input.body ?? '')}${ts}`
  return createHmac('sha256', SECRET).update(canonical, 'utf8').digest('hex')
}

/**
 * The request target as urllib3 2 (under requests) sends it, mirroring its `_encode_target`: the path and the query
 * are each percent-encoded on their own; a component that holds a lone `%` has every `%` encoded (`%E2` arrives as
 * `%25E2`), otherwise only what RFC 3986 does not allow raw is encoded and existing escapes are upper-cased.
 * A fidelity limit of that library, not something a value can exploit; docs/security.md says so.
 */
function asUrllib3Sends(target: string): string {
  const match = /^(\/[^?#]*)(?:\?([^#]*))?/.exec(target)
  if (!match) throw new Error(`not a request target: ${target}`)
  const pathChars = "A-Za-z0-9\\-._~!$&'()*+,;=:@/"
  const encode = (component: string, allowed: RegExp): string => {
    let escapes = 0
    const normalized = component.replace(/%[0-9A-Fa-f]{2}/g, e => {
      escapes++
      return e.toUpperCase()
    })
    const bytes = Buffer.from(normalized, 'utf8')
    const percentEncoded = escapes === bytes.filter(b => b === 0x25).length
    let out = ''
    for (const b of bytes) {
      const c = String.fromCharCode(b)
      out += (percentEncoded && b === 0x25) || (b < 128 && allowed.test(c)) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`
    }
    return out
  }
  const path = encode(match[1] as string, new RegExp(`^[${pathChars}]$`))
  return match[2] === undefined ? path : `${path}?${encode(match[2], new RegExp(`^[${pathChars}?]$`))}`
}

function expectArrived(got: RecordedRequest, input: SnippetInput, language: SnippetLanguage): void {
  const u = new URL(input.url)
  expect(got.method).toBe(input.method)
  const target = `${u.pathname}${u.search}`
  if (language !== 'python-requests') expect(got.target).toBe(target)
  else {
    expect(got.target).toBe(asUrllib3Sends(target))
  }
  const values = (name: string) => got.headers.filter(h => h.name.toLowerCase() === name.toLowerCase()).map(h => h.value)
  for (const h of input.headers) expect(values(h.name), h.name).toEqual([h.value])
  if (input.body !== undefined) expect(got.body.toString('utf8')).toBe(wellFormed(input.body))
  if (input.auth === 'bearer') expect(values('authorization')).toEqual([`Bearer ${TOKEN}`])
  if (input.auth === 'hmac') {
    expect(values('x-access-key')).toEqual([input.clientId])
    const ts = values('x-timestamp')[0] ?? ''
    expect(values('x-signature')).toEqual([signature(input, ts)])
  }
}

let python = 'python3'
const RUNNERS: Array<{ language: SnippetLanguage; ext: string; cmd: string | (() => string) }> = [
  { language: 'curl', ext: 'sh', cmd: 'bash' },
  { language: 'python', ext: 'py', cmd: () => python },
  { language: 'python-requests', ext: 'py', cmd: () => python },
  { language: 'node', ext: 'mjs', cmd: process.execPath },
  { language: 'fetch', ext: 'mjs', cmd: process.execPath },
]
// Each run starts an interpreter (1.5–2 s on a loaded 2-core machine): 12 hostile requests per language keep the file
// near a minute in CI; the tokenizer properties below run 200 cases each.
const RUNS = 12

describe('Copy as: no value a file chose can run code, in any language', () => {
  for (const r of RUNNERS) {
    it(`${r.language}: the program sends exactly the request described, and does nothing else`, async () => {
      await fc.assert(
        fc.asyncProperty(request, async g => {
          const input = inputOf(g)
          const code = snippetOrRefusal(r.language, input)
          if (code === null) return
          const file = join(root, `p${n++}.${r.ext}`)
          await writeFile(file, code)
          const before = server.requests.length
          const out = await run(typeof r.cmd === 'string' ? r.cmd : r.cmd(), [file], {
            PARTNER_CLIENT_SECRET: SECRET,
            PARTNER_ACCESS_TOKEN: TOKEN,
          })
          expect(out.stderr, out.stderr).toBe('')
          expect(out.code).toBe(0)
          expect(server.requests.length).toBe(before + 1)
          expectArrived(server.requests[before] as RecordedRequest, input, r.language)
          expect(await readdir(work)).toEqual([])
        }),
        // No shrinking: each try starts a process, and the first counterexample already names the value.
        { numRuns: RUNS, endOnFailure: true },
      )
    }, 120_000)
  }

  it('httpie: bash hands HTTPie exactly METHOD, URL and one header item per header, none read as a file or data', async () => {
    await fc.assert(
      fc.asyncProperty(request, async g => {
        const input = inputOf(g)
        const code = snippetOrRefusal('httpie', input)
        if (code === null) return
        const file = join(root, `p${n++}.sh`)
        const argvFile = join(root, `argv${n}`)
        await writeFile(file, code)
        const out = await run('bash', [file], {
          PATH: `${bin}:${process.env.PATH}`,
          HTTPIE_ARGV: argvFile,
          PARTNER_CLIENT_SECRET: SECRET,
          PARTNER_ACCESS_TOKEN: TOKEN,
        })
        expect(out.code).toBe(0)
        const argv = (await readFile(argvFile, 'utf8')).split('\0').slice(0, -1)
        const flags = ['--ignore-stdin', '--print=hb', ...(input.body === undefined ? [] : [`--raw=${wellFormed(input.body)}`])]
        expect(argv.slice(0, flags.length)).toEqual(flags)
        expect(argv.slice(flags.length, flags.length + 2)).toEqual([input.method, input.url])
        const items = argv.slice(flags.length + 2).map(a => {
          expect(a.startsWith('-'), a).toBe(false)
          return readHttpieItem(a)
        })
        const expected = input.headers.map(h =>
          h.value === '' ? { key: h.name, sep: ';', value: '' } : { key: h.name, sep: ':', value: h.value },
        )
        expect(items.slice(0, expected.length)).toEqual(expected)
        const extra = Object.fromEntries(items.slice(expected.length).map(i => [i?.key, i?.value]))
        if (input.auth === 'hmac') {
          expect(extra['x-access-key']).toBe(input.clientId)
          expect(extra['x-signature']).toBe(signature(input, extra['x-timestamp'] ?? ''))
        }
        if (input.auth === 'bearer') expect(extra.Authorization).toBe(`Bearer ${TOKEN}`)
        expect(await readdir(work)).toEqual([])
      }),
      { numRuns: RUNS },
    )
  }, 60_000)

  /** The same request with plain sentinel values: its code shows what the program must be, whatever the values. */
  function reference(input: SnippetInput, quoteHeaders = false): { input: SnippetInput; map: Map<string, string> } {
    const map = new Map<string, string>()
    const ref = (sentinel: string, value: string) => {
      map.set(sentinel, value)
      return sentinel
    }
    const url = 'http://qq.example/qqpath'
    map.set(url, input.url)
    map.set('/qqpath', new URL(input.url).pathname.toLowerCase())
    return {
      input: {
        method: ref('QQMETHOD', input.method),
        url,
        headers: input.headers.map((h, i) => ({
          name: h.name.toLowerCase() === 'content-type' ? h.name : ref(`qqname${i}`, h.name),
          value: ref(`qqvalue${i}${quoteHeaders ? '"' : ''}`, h.value),
        })),
        ...(input.body === undefined ? {} : { body: ref('qqbody', input.body) }),
        auth: input.auth,
        clientId: ref('qqclient', input.clientId ?? ''),
      },
      map,
    }
  }

  it('PowerShell: ASCII only, and the tokens of the script are those of a plain request, each value in one string', () => {
    fc.assert(
      fc.property(request, g => {
        const input = inputOf(g)
        const code = snippetOrRefusal('powershell', input) as string
        expect(code).toMatch(/^[\x20-\x7e\n]*$/)
        const { input: plain, map } = reference(input)
        const tokens = tokenizePowerShell(code)
        const expected = tokenizePowerShell(buildSnippet('powershell', plain).code)
        expect(powerShellSkeleton(tokens)).toBe(powerShellSkeleton(expected))
        tokens.forEach((t, i) => {
          const e = expected[i]
          if (t.kind !== 'string' || e?.kind !== 'string') return
          expect(t.value).toBe(map.has(e.value) ? wellFormed(map.get(e.value) as string) : e.value)
        })
      }),
      { numRuns: 200 },
    )
  })

  it('cmd: no value adds a line, a command separator, a variable or a batch parameter; curl.exe gets exactly its arguments', () => {
    fc.assert(
      fc.property(request, g => {
        const input = inputOf(g)
        const code = snippetOrRefusal('curl-cmd', input)
        if (code === null) return
        expect(code).toMatch(/^[\x20-\x7e\r\n]*$/)
        const lines = input.headers.map(h => (h.value === '' ? `${h.name};` : `${h.name}: ${h.value}`))
        const viaFile = !lines.every(cmdCanHold)
        const { input: plain } = reference(input, viaFile)
        const got = readBatch(code)
        const want = readBatch(buildSnippet('curl-cmd', plain).code)
        expect(got.problems).toEqual([])
        const shape = (l: (typeof got.lines)[number]) => ({ comment: l.comment, operators: l.operators, variables: l.variables })
        expect(got.lines.map(shape)).toEqual(want.lines.map(shape))
        const set = (name: string) => got.lines.map(l => new RegExp(`^set "${name}=(.*)"$`).exec(l.text)?.[1]).find(v => v !== undefined)
        const curl = got.lines.find(l => l.text.startsWith('curl.exe'))?.text ?? ''
        const args = [
          'curl.exe',
          '-g',
          '-sS',
          '-X',
          input.method,
          input.url,
          ...(viaFile ? ['-H', '@%HEADERS_FILE%'] : lines.flatMap(l => ['-H', l])),
          ...(input.auth === 'hmac'
            ? ['-H', `x-access-key: ${input.clientId}`, '-H', 'x-timestamp: %TS%', '-H', 'x-signature: %SIG%']
            : []),
          ...(input.auth === 'bearer' ? ['-H', 'Authorization: Bearer %PARTNER_ACCESS_TOKEN%'] : []),
          ...(input.body === undefined ? [] : ['--data-binary', '@%BODY_FILE%']),
        ]
        expect(crtArguments(curl)).toEqual(args)
        if (viaFile) expect(Buffer.from(set('HEADERS_B64') ?? '', 'base64').toString('latin1')).toBe(lines.map(l => `${l}\r\n`).join(''))
        if (input.body !== undefined) expect(Buffer.from(set('BODY_B64') ?? '', 'base64').toString('utf8')).toBe(wellFormed(input.body))
        if (input.auth === 'hmac') {
          expect(set('METHOD')).toBe(input.method)
          expect(set('CLIENT_ID')).toBe(input.clientId)
          expect(set('SIGNED_PATH')).toBe(new URL(input.url).pathname.toLowerCase())
        }
      }),
      { numRuns: 200 },
    )
  })
})
