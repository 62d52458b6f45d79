import { SecretRegistry } from '../../src/main/engine/core/secret-registry'
import { noEnvironments, noTokens } from '../../src/main/engine/core/without-sign-in'
import { LogFormats } from '../../src/main/engine/har/log-formats'
import type { NetworkLog } from '../../src/main/engine/log/network-log'
import { Redactor } from '../../src/main/engine/log/redaction'

/**
 * The HAR import and export of `log` on their own, as the runtime wires them but with no environment, no token and a
 * fixed signing clock: what HAR tests and benches need, built one way.
 */
export function logFormatsFor(log: NetworkLog, secrets = new SecretRegistry(), creator = { name: 't', version: '0' }): LogFormats {
  return new LogFormats({
    log,
    redactor: new Redactor(secrets),
    secrets,
    creator,
    environments: noEnvironments,
    tokens: noTokens,
    signingTimestamp: () => 0,
  })
}
