import type { Collection, Item, ItemGroup } from 'postman-collection'
import type { ComposerPair, ComposerRequest, HttpAuthMode } from '../../../../shared/contract'
import { ConsoleError } from '../../core/console-error'
import { type HostsOfEnvironment, NOT_REPLAYED } from '../resend-from-entry'
import { type PostmanEnvironment, PostmanVariables } from './postman-variables'

/** One request of the collection as the console saves it: its folders' names joined with " / ". */
interface ImportedRequest {
  name: string
  folder: string
  request: ComposerRequest
}

interface PostmanConversion {
  name: string
  requests: ImportedRequest[]
  skipped: Array<{ index: number; problem: string }>
  notes: string[]
}

/** Postman's SDK (a CommonJS package, loaded when an import runs so that starting the console does not load it). */
export type PostmanSdk = typeof import('postman-collection')

const SIGNING_HEADERS = ['x-signature', 'x-timestamp', 'x-access-key']

/**
 * A Postman collection (v2.0 or v2.1, read with Postman's own `postman-collection` package) as saved requests:
 * folders flattened into "A / B" folder names, `{{variables}}` filled from the collection's variables overlaid by
 * the optional environment's (a variable named like a secret, token or password is never filled in; the
 * placeholder stays), path variables (`:id`) and unresolved `{{var}}` path segments kept as `{id}` path parameters,
 * the `{{baseUrl}}` host (or the environment's own host) as a path on the environment, auth blocks mapped (bearer
 * and OAuth 2 → bearer; an HMAC pre-request script, recognised by the x-signature header it sets, → HMAC) and no
 * credential value carried. Items it cannot use are skipped with the reason.
 */
export function convertPostmanCollection(
  sdk: PostmanSdk,
  text: string,
  environment: PostmanEnvironment | null,
  env: HostsOfEnvironment | null,
): PostmanConversion {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new ConsoleError('invalid_request', `The collection file is not JSON: ${(error as Error).message}`, {
      hint: 'Export the collection from Postman as “Collection v2.1”.',
    })
  }
  const schema = String((json as { info?: { schema?: unknown } } | null)?.info?.schema ?? '')
  if (!/collection\/v2\.[01]\.0/.test(schema)) {
    throw new ConsoleError(
      'invalid_request',
      `The file is not a Postman collection v2.1${schema ? ` (its schema is ${schema})` : ' (it names no schema.getpostman.com schema)'}.`,
      { hint: 'In Postman: the collection’s “…” menu → Export → “Collection v2.1”.' },
    )
  }
  const collection = new sdk.Collection(json as ConstructorParameters<typeof Collection>[0])
  const vars = new PostmanVariables(
    collection.variables.all().map(v => ({ key: v.key, value: v.value, disabled: v.disabled })),
    environment,
  )
  const notes: string[] = []
  const requests: ImportedRequest[] = []
  const skipped: PostmanConversion['skipped'] = []
  let index = 0
  collection.forEachItem(item => {
    const at = index++
    try {
      requests.push(convertItem(item, vars, env, sdk))
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error
      skipped.push({ index: at, problem: `${item.name}: ${error.message}` })
    }
  })
  if (vars.withheld.size > 0)
    notes.push(`Not filled in, as they hold credentials: {{${[...vars.withheld].join('}}, {{')}}}. The console adds its own at send.`)
  const open = [...vars.unresolved].filter(n => !vars.withheld.has(n))
  if (open.length > 0) notes.push(`No value for {{${open.join('}}, {{')}}}: kept as path parameters in paths, as typed elsewhere.`)
  return { name: collection.name ?? 'collection', requests, skipped, notes: [...new Set(notes)] }
}

function convertItem(item: Item, vars: PostmanVariables, env: HostsOfEnvironment | null, sdk: PostmanSdk): ImportedRequest {
  const r = item.request
  const url = r.url
  const params: Record<string, string> = {}
  const segments = (url.path ?? []).map(seg => {
    if (seg.startsWith(':') && seg.length > 1) {
      const name = seg.slice(1)
      const value = vars.fill(String(url.variables.one(name)?.value ?? ''))
      if (value !== '' && !value.includes('{{')) params[name] = value
      return `{${name}}`
    }
    return vars.fill(seg).replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_, name: string) => `{${name.replace(/[^\w]/g, '_')}}`)
  })
  const path = `/${segments.join('/')}`
  const host = vars.fill(`${url.protocol ? `${url.protocol}://` : ''}${(url.host ?? []).join('.')}${url.port ? `:${url.port}` : ''}`)
  const { target, fullPath } = aim(host, path, env)

  const query: ComposerPair[] = url.query
    .all()
    .filter(q => q.key !== null && q.key !== undefined)
    .map(q => ({ name: vars.fill(String(q.key)), value: vars.fill(String(q.value ?? '')), enabled: !q.disabled }))
  const headerNames = r.headers.all().map(h => h.key.toLowerCase())
  const headers: ComposerPair[] = r.headers
    .all()
    .filter(h => !NOT_REPLAYED.has(h.key.toLowerCase()))
    .map(h => ({ name: h.key, value: vars.fill(h.value ?? ''), enabled: !h.disabled }))
  const body = bodyOf(item, vars, headers)
  return {
    name: item.name || `${r.method} ${path}`,
    folder: folderOf(item, sdk),
    request: { method: r.method.toUpperCase(), target, path: fullPath, params, query, headers, body, auth: authOf(item, headerNames) },
  }
}

/** The host a collection names, mapped onto the environment: its own host or a variable becomes a relative path. */
function aim(host: string, path: string, env: HostsOfEnvironment | null): { target: 'api' | 'auth'; fullPath: string } {
  const guess = /^\/oauth2\//i.test(path) ? 'auth' : 'api'
  const m = /^(https?:\/\/[^/?#]+)(\/[^?#]*)?$/i.exec(host)
  if (!m) return { target: guess, fullPath: path }
  const origin = (m[1] as string).toLowerCase()
  const hostPath = (m[2] ?? '').replace(/\/+$/, '')
  for (const [target, base] of [
    ['api', env?.baseUrl],
    ['auth', env?.authUrl],
  ] as const) {
    if (!base) continue
    const b = new URL(base)
    const basePath = b.pathname.replace(/\/+$/, '')
    const whole = `${hostPath}${path}`
    if (b.origin === origin && (basePath === '' || whole.startsWith(`${basePath}/`)))
      return { target, fullPath: whole.slice(basePath.length) || '/' }
  }
  // Another host (the partner's own server): its path, aimed at the current environment like a resent HAR entry.
  return { target: guess, fullPath: `${hostPath}${path}` }
}

function folderOf(item: Item, sdk: PostmanSdk): string {
  const names: string[] = []
  let p = item.parent() as ItemGroup<Item> | Collection | undefined
  while (p && !(p instanceof sdk.Collection)) {
    if ((p as ItemGroup<Item>).name) names.unshift((p as ItemGroup<Item>).name)
    p = p.parent() as ItemGroup<Item> | Collection | undefined
  }
  return names.join(' / ').slice(0, 200)
}

function bodyOf(item: Item, vars: PostmanVariables, headers: ComposerPair[]): string | undefined {
  const b = item.request.body
  if (!b || (b as { disabled?: boolean }).disabled) return undefined
  const hasType = headers.some(h => h.name.toLowerCase() === 'content-type')
  switch (b.mode) {
    case 'raw':
      return b.raw === undefined || b.raw === '' ? undefined : vars.fill(b.raw)
    case 'urlencoded': {
      if (!hasType) headers.push({ name: 'Content-Type', value: 'application/x-www-form-urlencoded', enabled: true })
      const pairs = b.urlencoded?.all() ?? []
      return pairs
        .filter(p => !p.disabled)
        .map(p => `${encodeURIComponent(vars.fill(p.key ?? ''))}=${encodeURIComponent(vars.fill(String(p.value ?? '')))}`)
        .join('&')
    }
    case 'graphql': {
      if (!hasType) headers.push({ name: 'Content-Type', value: 'application/json', enabled: true })
      const g = (b as unknown as { graphql?: { query?: string; variables?: string } }).graphql ?? {}
      let variables: unknown
      try {
        variables = g.variables ? JSON.parse(vars.fill(g.variables)) : undefined
      } catch {
        variables = undefined
      }
      return JSON.stringify({ query: vars.fill(g.query ?? ''), variables })
    }
    default:
      throw new ConsoleError('invalid_request', `its ${b.mode} body (a file or multipart form) cannot be composed here`)
  }
}

/**
 * The auth of an item (its own, else inherited from its folders and the collection): bearer and OAuth 2 → bearer;
 * a request that sets x-signature/x-timestamp/x-access-key headers, or whose pre-request script (its own or
 * inherited) mentions x-signature, → HMAC; "noauth" → none; no auth anywhere → none, or bearer when an Authorization
 * header carries a bearer token.
 */
function authOf(item: Item, headerNames: string[]): HttpAuthMode {
  if (headerNames.some(n => SIGNING_HEADERS.includes(n)) || scriptsMention(item, 'x-signature')) return 'hmac'
  const auth = item.getAuth()
  const type = auth?.type
  if (type === 'bearer' || type === 'oauth2') return 'bearer'
  if (type === undefined || type === 'noauth') {
    const authorization = item.request.headers.all().find(h => h.key.toLowerCase() === 'authorization')?.value ?? ''
    return /^bearer\s/i.test(authorization) ? 'bearer' : 'none'
  }
  return 'none'
}

function scriptsMention(item: Item, word: string): boolean {
  const texts: string[] = []
  const collect = (p: { events?: { all(): Array<{ listen?: string; script?: { exec?: string[] } }> } } | undefined) => {
    for (const e of p?.events?.all() ?? []) if (e.listen === 'prerequest') texts.push((e.script?.exec ?? []).join('\n'))
  }
  collect(item as never)
  item.forEachParent({ withRoot: true }, p => collect(p))
  return texts.some(t => t.toLowerCase().includes(word))
}
