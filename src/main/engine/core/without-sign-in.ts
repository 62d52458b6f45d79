import { ConsoleError } from './console-error'
import type { EnvironmentProvider, TokenProvider } from './ports'

const noEnvironment = () =>
  new ConsoleError('not_found', 'This console has no environments: it was started without the sign-in part.', {
    hint: 'Send to an absolute URL with auth "none", or start the full console (npm start, partner-console web).',
  })

const noToken = () =>
  new ConsoleError('unsupported', 'Bearer requests need the sign-in part of the console, which is not available.', {
    hint: 'Use auth "none" or "hmac", or a build of the console with OAuth.',
  })

/**
 * The environments of an engine built without the sign-in part (benchmarks, and tools that only send to absolute
 * URLs): there are none, and every lookup says so with a hint. Passed explicitly, so the executor never checks
 * whether a provider exists.
 */
export const noEnvironments: EnvironmentProvider = {
  list: async () => ({ environments: [], activeId: null }),
  active: async () => {
    throw noEnvironment()
  },
  get: async () => {
    throw noEnvironment()
  },
}

/** The tokens of an engine built without the sign-in part: every bearer call is refused with a hint. */
export const noTokens: TokenProvider = {
  accessToken: async () => {
    throw noToken()
  },
  refreshAfter401: async () => {
    throw noToken()
  },
}
