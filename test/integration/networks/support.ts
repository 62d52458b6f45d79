import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EventBus } from '../../../src/main/engine/core/event-bus'
import type { ResolvedEnvironment, ResolvedNetwork } from '../../../src/main/engine/core/ports'
import { SecretRegistry } from '../../../src/main/engine/core/secret-registry'
import { noEnvironments, noTokens } from '../../../src/main/engine/core/without-sign-in'
import { ClockSkewEstimator } from '../../../src/main/engine/signing/clock-skew'
import { createHttpClient } from '../../../src/main/runtime/http-client-layer'
import { createRequestsEngine, type RequestsEngine } from '../../../src/main/runtime/requests-engine'
import type { IssuedCertificate } from '../../../src/sandbox'

/** A temporary folder, removed by `cleanup`. */
export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'pc-net-'))
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) }
}

/** The requests part of the engine alone, with its own secret registry (what the runtime builds). */
export function requestsEngine(): { engine: RequestsEngine; secrets: SecretRegistry } {
  const secrets = new SecretRegistry()
  const bus = new EventBus()
  const engine = createRequestsEngine({
    layer: createHttpClient({ bus, secrets, skew: new ClockSkewEstimator() }),
    bus,
    secrets,
    environments: noEnvironments,
    tokens: noTokens,
    signingTimestamp: () => Math.floor(Date.now() / 1000),
    creator: { name: 'test', version: 'test' },
  })
  return { engine, secrets }
}

/** An environment for absolute-URL requests with the given network settings. */
export function envWith(network: Partial<ResolvedNetwork> | undefined, baseUrl = 'http://127.0.0.1:1'): ResolvedEnvironment {
  return {
    id: 'net-test',
    name: 'Network test',
    builtIn: false,
    authUrl: baseUrl,
    baseUrl,
    clientId: 'client',
    clientSecret: 'secret-value-for-test',
    redirectUri: 'http://127.0.0.1:1/cb',
    paths: {
      authorize: '/oauth2/authorize/',
      token: '/oauth2/token/',
      locations: '/l',
      installations: '/i',
      exportTickets: '/e/{locationId}',
      exampleLocations: '/x',
    },
    network: network ? { caFiles: [], systemCa: false, proxy: { mode: 'none' }, ...network } : undefined,
  }
}

/** An HTTPS server on 127.0.0.1 with this certificate, answering 200 `{"ok":true}`. */
export async function httpsServer(cert: IssuedCertificate): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer({ cert: cert.certPem, key: cert.keyPem }, (_req, res) => {
    res.setHeader('content-type', 'application/json')
    res.end('{"ok":true}')
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export async function writePem(dir: string, name: string, pem: string): Promise<string> {
  const file = join(dir, name)
  await writeFile(file, pem)
  return file
}
