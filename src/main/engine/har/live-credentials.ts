import type { LogEntry } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import type { EnvironmentProvider, TokenProvider } from '../core/ports'
import { fingerprint } from '../core/secret-registry'
import { msUntilNextSecond } from '../http/used-signatures'
import { signRequest } from '../signing/signer'

export interface LiveCredentialDeps {
  environments: EnvironmentProvider
  tokens: TokenProvider
  signingTimestamp: () => number
}

/**
 * The credential headers to put into an unredacted cURL copy of a log entry. The log never keeps the values it
 * captured, so "with secrets" means live ones: the environment's current bearer token, or an HMAC signature made now
 * over the logged method, path and body (valid for the next 10 seconds, as any signature). Entries without auth, or
 * imported ones, get none (the notes say why).
 */
export async function liveCredentials(
  entry: LogEntry,
  deps: LiveCredentialDeps,
): Promise<{ headers: Record<string, string>; notes: string[] }> {
  if (entry.imported || !entry.envId) {
    return { headers: {}, notes: ['This entry has no environment (imported, or sent without one): its redacted values stay redacted.'] }
  }
  if (entry.auth === 'bearer') {
    const token = await deps.tokens.accessToken(entry.envId)
    return {
      headers: { authorization: `Bearer ${token}` },
      notes: ['Authorization carries the environment’s current access token, not the one used at the time.'],
    }
  }
  if (entry.auth === 'hmac') {
    const env = await deps.environments.get(entry.envId)
    if (entry.requestBody?.truncated || entry.requestBody?.evicted) {
      throw new ConsoleError(
        'conflict',
        'The logged request body is incomplete, so a signature over it would not match what the command sends.',
      )
    }
    const url = new URL(entry.url)
    const sign = () =>
      signRequest({
        clientId: env.clientId,
        clientSecret: env.clientSecret,
        method: entry.method,
        path: `${url.pathname}${url.search}`,
        body: entry.requestBody?.text ?? '',
        timestamp: deps.signingTimestamp(),
      })
    let signed = sign()
    const logged = entry.requestHeaders.find(h => h.name.toLowerCase() === 'x-signature')?.value ?? ''
    if (logged.endsWith(`:${fingerprint(signed.signature)}]`)) {
      // Same request, same second: the very signature already sent, which servers refuse as a replay. Sign anew.
      await new Promise(resolve => setTimeout(resolve, msUntilNextSecond()))
      signed = sign()
    }
    return { headers: { ...signed.headers }, notes: ['The HMAC headers were made just now: the signature is valid for 10 seconds.'] }
  }
  return { headers: {}, notes: [] }
}
