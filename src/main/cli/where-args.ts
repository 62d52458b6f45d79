import { ConsoleError } from '../engine/core/console-error'
import type { BridgeCall } from '../engine/walkthrough/walkthrough-types'
import { defaultDataDir } from '../runtime/data-folder-location'

/** The parseArgs options that say where a command runs: `--sandbox`, `--env NAME`, or an environment from flags. */
export const WHERE_OPTIONS = {
  sandbox: { type: 'boolean', default: false },
  env: { type: 'string' },
  'auth-url': { type: 'string' },
  'base-url': { type: 'string' },
  'client-id': { type: 'string' },
  'redirect-uri': { type: 'string' },
  'data-dir': { type: 'string' },
} as const

export type WhereMode = 'sandbox' | 'env' | 'flags'
type WhereFlag = 'auth-url' | 'base-url' | 'client-id' | 'redirect-uri'
const FLAGS: WhereFlag[] = ['auth-url', 'base-url', 'client-id', 'redirect-uri']

/** The help lines for the "where" options, shared by every command that takes them. */
export function whereHelp(required: readonly WhereFlag[]): string {
  return `Where to run it:
  --sandbox             a built-in sandbox started for this run (the default)
  --env NAME            a saved environment (name or id) of the data folder
  --base-url URL        an environment from flags (${required.map(f => `--${f}`).join(', ')} required${
    required.length < FLAGS.length
      ? `; ${FLAGS.filter(f => !required.includes(f))
          .map(f => `--${f}`)
          .join(', ')} optional`
      : ''
  });
  --client-id ID          the client secret is read from PARTNER_CLIENT_SECRET, never from a flag
  --auth-url URL
  --redirect-uri URI
  --data-dir DIR        where saved environments live, for --env (default: ${defaultDataDir()})`
}

/**
 * Checks the "where" flags: one mode at most, and every flag `required` for an environment from flags. Returns the
 * mode, or a usage message naming what is missing.
 */
export function parseWhere(values: Record<string, unknown>, required: readonly WhereFlag[]): { mode: WhereMode } | { usage: string } {
  const fromFlags = FLAGS.filter(f => values[f] !== undefined)
  const modes = [values.sandbox === true, values.env !== undefined, fromFlags.length > 0].filter(Boolean).length
  if (modes > 1) return { usage: `choose one of --sandbox, --env NAME or the ${FLAGS.map(f => `--${f}`).join('/')} flags.` }
  const missing = required.filter(f => values[f] === undefined)
  if (fromFlags.length > 0 && missing.length > 0) {
    return {
      usage: `an environment from flags needs all of ${required.map(f => `--${f}`).join(', ')} (missing ${missing.map(f => `--${f}`).join(', ')}).`,
    }
  }
  return { mode: fromFlags.length > 0 ? 'flags' : values.env !== undefined ? 'env' : 'sandbox' }
}

export interface ChosenEnvironment {
  id: string
  name: string
  authUrl: string
  baseUrl: string
  clientId: string
}

/**
 * The environment a command uses: the built-in sandbox, a saved one by name or id, or one created from the flags
 * (auth URL defaulting to the base URL, redirect URI to a loopback one) with the secret from PARTNER_CLIENT_SECRET.
 */
export async function chooseEnvironment(
  call: BridgeCall,
  mode: WhereMode,
  values: Record<string, unknown>,
  secret: string | undefined,
  label = 'from flags',
): Promise<ChosenEnvironment> {
  if (mode === 'flags') {
    return call('environments:create', {
      settings: {
        name: `CLI (${label})`,
        authUrl: String(values['auth-url'] ?? values['base-url']),
        baseUrl: String(values['base-url']),
        clientId: String(values['client-id']),
        redirectUri: String(values['redirect-uri'] ?? 'http://127.0.0.1:8765/callback'),
        catchMode: 'loopback',
      },
      clientSecret: secret,
      acceptUnprotectedStorage: true,
    })
  }
  const list = await call('environments:list', {})
  if (mode === 'sandbox') {
    const builtIn = list.environments.find(e => e.builtIn)
    if (!builtIn) throw new ConsoleError('not_found', 'The built-in sandbox did not start.')
    return builtIn
  }
  const wanted = String(values.env).toLowerCase()
  const found = list.environments.find(e => e.id.toLowerCase() === wanted || e.name.toLowerCase() === wanted)
  if (!found) {
    throw new ConsoleError('not_found', `There is no environment named "${values.env}".`, {
      hint: list.environments.length
        ? `Saved environments: ${list.environments.map(e => `"${e.name}"`).join(', ')}.`
        : 'Create one in the console first, or use --sandbox or the flags.',
    })
  }
  if (found.builtIn)
    throw new ConsoleError('invalid_request', 'The built-in sandbox exists only while the console runs.', { hint: 'Use --sandbox.' })
  return found
}
