import type { CatchMode, EnvironmentDetail, EnvironmentPathKey, EnvironmentSettings, ValidationIssue } from '../../../../shared/contract'
import { blankNetworkForm, type NetworkFormValues, networkFormOf, networkSettingsOf, parseParams } from './network-form-model'

/** The path override keys, copied from the contract (kept in step by the Record type below). */
export const PATH_LABELS: Record<EnvironmentPathKey, string> = {
  authorize: 'Authorize (4.1)',
  token: 'Token (4.2, 4.3)',
  locations: 'Locations (4.4)',
  installations: 'Installations (4.5)',
  exportTickets: 'Export tickets (4.6)',
  exampleLocations: 'Example locations (4.7)',
}
export const PATH_KEYS = Object.keys(PATH_LABELS) as EnvironmentPathKey[]

/** What the form edits: every field as text, exactly as typed (URLs are never normalised). */
export interface FormValues {
  name: string
  authUrl: string
  baseUrl: string
  clientId: string
  redirectUri: string
  catchMode: CatchMode
  pkce: boolean
  callbackTimeoutSeconds: string
  requireStateEcho: boolean
  /** The production guard: a band on every screen, typed confirmation for state-changing requests. */
  production: boolean
  paths: Record<EnvironmentPathKey, string>
  /** A new secret; '' keeps the stored one (edit) or stores none (create). */
  clientSecret: string
  removeSecret: boolean
  /** Trust, proxy, client certificate, token body and extra authorize parameters. */
  net: NetworkFormValues
}

const REQUIRED = ['name', 'authUrl', 'baseUrl', 'clientId', 'redirectUri'] as const

const emptyPaths = (): Record<EnvironmentPathKey, string> =>
  Object.fromEntries(PATH_KEYS.map(k => [k, ''])) as Record<EnvironmentPathKey, string>

/** A blank form for a new environment. */
export function blankForm(): FormValues {
  return {
    name: '',
    authUrl: 'https://',
    baseUrl: 'https://',
    clientId: '',
    redirectUri: 'http://127.0.0.1:8765/callback',
    catchMode: 'loopback',
    pkce: false,
    callbackTimeoutSeconds: '300',
    requireStateEcho: true,
    production: false,
    paths: emptyPaths(),
    clientSecret: '',
    removeSecret: false,
    net: blankNetworkForm(),
  }
}

/** The form filled from an existing environment (the secret is never filled: only replaced or removed). */
export function formOf(env: EnvironmentDetail): FormValues {
  const paths = emptyPaths()
  for (const k of PATH_KEYS) paths[k] = env.pathOverrides[k] ?? ''
  return {
    name: env.name,
    authUrl: env.authUrl,
    baseUrl: env.baseUrl,
    clientId: env.clientId,
    redirectUri: env.redirectUri,
    catchMode: env.catchMode,
    pkce: env.pkce,
    callbackTimeoutSeconds: String(env.callbackTimeoutSeconds),
    requireStateEcho: env.requireStateEcho,
    production: env.production,
    paths,
    clientSecret: '',
    removeSecret: false,
    net: networkFormOf(env),
  }
}

/** Fields the form itself can tell are missing (the engine checks everything else). */
export function localIssues(v: FormValues): ValidationIssue[] {
  const out: ValidationIssue[] = []
  for (const k of REQUIRED) if (v[k].trim() === '') out.push({ path: k, message: 'Required.' })
  const t = Number(v.callbackTimeoutSeconds)
  if (!Number.isInteger(t) || t < 10 || t > 3600)
    out.push({ path: 'callbackTimeoutSeconds', message: 'A whole number of seconds from 10 to 3600.' })
  out.push(...parseParams(v.net.authorizeParams).issues)
  return out
}

/** The settings the engine receives, exactly as typed (name trimmed by the contract). */
export function settingsOf(v: FormValues): EnvironmentSettings {
  const paths: Partial<Record<EnvironmentPathKey, string>> = {}
  for (const k of PATH_KEYS) if (v.paths[k] !== '') paths[k] = v.paths[k]
  return {
    name: v.name,
    authUrl: v.authUrl,
    baseUrl: v.baseUrl,
    clientId: v.clientId,
    redirectUri: v.redirectUri,
    paths,
    catchMode: v.catchMode,
    pkce: v.pkce,
    callbackTimeoutSeconds: Number(v.callbackTimeoutSeconds),
    requireStateEcho: v.requireStateEcho,
    production: v.production,
    ...networkSettingsOf(v.net),
  }
}

/**
 * Issues from a bridge error's details: the engine's `{ issues: [{ path: 'authUrl', message }] }`, or zod's issues
 * with array paths (the leading `settings`/`changes` dropped so they name the form's fields).
 */
export function issuesOf(details: unknown): ValidationIssue[] {
  if (!details || typeof details !== 'object') return []
  const list = (details as { issues?: unknown }).issues
  if (!Array.isArray(list)) return []
  return list.flatMap(i => {
    if (!i || typeof i !== 'object') return []
    const { path, message } = i as { path?: unknown; message?: unknown }
    if (typeof message !== 'string') return []
    const parts = Array.isArray(path) ? path.map(String) : typeof path === 'string' ? path.split('.') : []
    if (parts[0] === 'settings' || parts[0] === 'changes') parts.shift()
    return [{ path: parts.join('.'), message }]
  })
}

/** Groups issues by field path. */
export function byField(issues: ValidationIssue[]): Map<string, string[]> {
  const map = new Map<string, string[]>()
  for (const i of issues) map.set(i.path, [...(map.get(i.path) ?? []), i.message])
  return map
}
