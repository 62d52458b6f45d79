import { existsSync } from 'node:fs'
import { type EnvironmentPathKey, PATH_KEYS } from '../../shared/contract'
import type { EnvironmentOverrides } from '../engine/environments/environment-overrides'
import { RESERVED_AUTHORIZE_PARAMS } from '../engine/environments/network-settings-check'

/** The parseArgs options for a run's network and OAuth settings (over the environment's own, never saved). */
export const NETWORK_OPTIONS = {
  ca: { type: 'string', multiple: true },
  proxy: { type: 'string' },
  'token-body': { type: 'string' },
  'authorize-param': { type: 'string', multiple: true },
  pkce: { type: 'boolean' },
  path: { type: 'string', multiple: true },
} as const

/** Help lines for NETWORK_OPTIONS. */
export const NETWORK_HELP = `Network and standard OAuth servers (for this run, over the environment's settings):
  --ca FILE             also trust the CA certificate(s) in this PEM file (repeatable); NODE_EXTRA_CA_CERTS works too
  --proxy URL           send through this proxy (http://[user:password@]host:port) instead of HTTPS_PROXY/HTTP_PROXY;
                        the password is kept in memory only and redacted everywhere
  --token-body json|form  the token request body: json as the spec shows (default), form for a standard (RFC 6749) server
  --authorize-param K=V   an extra authorize parameter such as scope=openid (repeatable)
  --pkce                send a PKCE S256 challenge (RFC 7636)
  --path NAME=PATH      override an endpoint path, NAME one of ${PATH_KEYS.join(', ')} (repeatable)`

function splitPair(text: string, flag: string): [string, string] {
  const eq = text.indexOf('=')
  if (eq <= 0) throw new Error(`${flag} must look like NAME=VALUE, got "${text}".`)
  return [text.slice(0, eq), text.slice(eq + 1)]
}

/** Reads NETWORK_OPTIONS into overrides; throws an Error whose message is the usage problem. */
export function parseNetworkArgs(values: Record<string, unknown>): EnvironmentOverrides | undefined {
  const o: EnvironmentOverrides = {}
  const ca = values.ca as string[] | undefined
  if (ca?.length) {
    for (const file of ca) if (!existsSync(file)) throw new Error(`--ca ${file}: no such file.`)
    o.caFiles = ca
  }
  if (typeof values.proxy === 'string') {
    let url: URL
    try {
      url = new URL(values.proxy)
    } catch {
      throw new Error(`--proxy must be a URL such as http://proxy.corp:3128, not "${values.proxy}".`)
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--proxy must use http:// or https://, not ${url.protocol}`)
    if (url.username) o.proxyUsername = decodeURIComponent(url.username)
    if (url.password) o.proxyPassword = decodeURIComponent(url.password)
    url.username = ''
    url.password = ''
    o.proxyUrl = url.href.replace(/\/$/, '')
  }
  const body = values['token-body']
  if (body !== undefined) {
    if (body !== 'json' && body !== 'form') throw new Error(`--token-body must be json or form, not "${body}".`)
    o.tokenBody = body
  }
  for (const text of (values['authorize-param'] as string[] | undefined) ?? []) {
    const [name, value] = splitPair(text, '--authorize-param')
    if (RESERVED_AUTHORIZE_PARAMS.has(name)) throw new Error(`--authorize-param ${name}: the console sets "${name}" itself.`)
    o.authorizeParams = { ...o.authorizeParams, [name]: value }
  }
  if (values.pkce === true) o.pkce = true
  for (const text of (values.path as string[] | undefined) ?? []) {
    const [name, path] = splitPair(text, '--path')
    if (!(PATH_KEYS as readonly string[]).includes(name)) throw new Error(`--path ${name}: NAME must be one of ${PATH_KEYS.join(', ')}.`)
    if (!path.startsWith('/')) throw new Error(`--path ${name}=${path}: the path must start with "/".`)
    o.paths = { ...o.paths, [name as EnvironmentPathKey]: path }
  }
  return Object.keys(o).length > 0 ? o : undefined
}
