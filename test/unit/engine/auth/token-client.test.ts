import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConsoleError } from '../../../../src/main/engine/core/console-error'
import { EventBus } from '../../../../src/main/engine/core/event-bus'
import { DEFAULT_PATHS, type ResolvedEnvironment } from '../../../../src/main/engine/core/ports'
import { SecretRegistry } from '../../../../src/main/engine/core/secret-registry'
import { TokenClient } from '../../../../src/main/engine/oauth/token-client'
import { ClockSkewEstimator } from '../../../../src/main/engine/signing/clock-skew'
import { createHttpClient } from '../../../../src/main/runtime/http-client-layer'

/** A token endpoint whose answer the test chooses per request (status, headers, body), recording what it got. */
let next: { status: number; body: string; headers?: Record<string, string> } = { status: 200, body: '{}' }
const received: Array<{ body: string; type: string | undefined }> = []
let server: Server
let url = ''

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', c => {
      body += c
    })
    req.on('end', () => {
      received.push({ body, type: req.headers['content-type'] })
      res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers })
      res.end(next.body)
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', () => resolve()))
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
// Token calls go through the engine's one HTTP path (logged, counted in the quota ledger), as in the console. Each
// client gets a transport of its own, so a 429 answered to one case does not block the next one's key.
const layers: Array<ReturnType<typeof createHttpClient>> = []
function send() {
  const layer = createHttpClient({ bus: new EventBus(), secrets: new SecretRegistry(), skew: new ClockSkewEstimator() })
  layers.push(layer)
  return layer.client.send
}
afterAll(async () => {
  for (const layer of layers) await layer.close()
  await new Promise(resolve => server.close(resolve))
})

const env = (): ResolvedEnvironment => ({
  id: 'e',
  name: 'Env',
  builtIn: false,
  authUrl: url,
  baseUrl: url,
  clientId: 'cid',
  clientSecret: 'the-client-secret',
  redirectUri: 'https://app.example/cb',
  paths: DEFAULT_PATHS,
})

async function failureOf(
  status: number,
  body: unknown,
  grant: 'code' | 'refresh' = 'code',
  headers?: Record<string, string>,
): Promise<ConsoleError> {
  next = { status, body: typeof body === 'string' ? body : JSON.stringify(body), headers }
  const client = new TokenClient({ send: send(), secrets: new SecretRegistry() })
  const run = grant === 'code' ? client.exchangeCode(env(), 'the-code-value') : client.refresh(env(), 'the-refresh-value')
  const e = await run.catch((x: unknown) => x)
  expect(e).toBeInstanceOf(ConsoleError)
  return e as ConsoleError
}

const causeOf = (e: ConsoleError) => (e.details as { cause: string }).cause

describe('TokenClient', () => {
  it('sends the 4.2 body as JSON and registers every value it learns for redaction', async () => {
    const secrets = new SecretRegistry()
    next = {
      status: 200,
      body: JSON.stringify({
        access_token: 'at-value-1234',
        refresh_token: 'rt-value-5678',
        permissions: ['read:locations'],
        expiration: 86400,
        token_type: 'Bearer',
      }),
    }
    const grant = await new TokenClient({ send: send(), secrets }).exchangeCode(env(), 'code-value-9', 'verifier-value-0')
    expect(grant).toEqual({
      accessToken: 'at-value-1234',
      refreshToken: 'rt-value-5678',
      permissions: ['read:locations'],
      tokenType: 'Bearer',
      expiration: 86400,
      expiresIn: null,
    })
    const sent = received.at(-1)!
    expect(sent.type).toBe('application/json')
    expect(JSON.parse(sent.body)).toEqual({
      grant_type: 'authorization_code',
      code: 'code-value-9',
      redirect_uri: 'https://app.example/cb',
      client_id: 'cid',
      client_secret: 'the-client-secret',
      code_verifier: 'verifier-value-0',
    })
    for (const v of ['at-value-1234', 'rt-value-5678', 'code-value-9', 'verifier-value-0', 'the-client-secret'])
      expect(secrets.has(v)).toBe(true)
  })

  it('sends the 4.3 body for a refresh and accepts an answer without expiration', async () => {
    next = {
      status: 200,
      body: JSON.stringify({ access_token: 'at-new-value', refresh_token: 'rt-new-value', permissions: [], token_type: 'Bearer' }),
    }
    const grant = await new TokenClient({ send: send(), secrets: new SecretRegistry() }).refresh(env(), 'rt-old-value')
    expect(grant.expiration).toBeNull()
    expect(JSON.parse(received.at(-1)!.body)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'rt-old-value',
      client_id: 'cid',
      client_secret: 'the-client-secret',
    })
  })

  it('names the cause of each refusal', async () => {
    expect(causeOf(await failureOf(401, { error: 'invalid_client', error_description: 'wrong secret' }))).toBe('wrong-client')
    expect(causeOf(await failureOf(400, { error: 'invalid_grant', error_description: 'authorization code was already used' }))).toBe(
      'code-replayed',
    )
    expect(causeOf(await failureOf(400, { error: 'invalid_grant', error_description: 'redirect_uri does not match' }))).toBe(
      'redirect-mismatch',
    )
    expect(causeOf(await failureOf(400, { error: 'invalid_grant', error_description: 'authorization code has expired' }))).toBe(
      'code-expired',
    )
    expect(causeOf(await failureOf(400, { error: 'invalid_grant' }))).toBe('code-unknown')
    expect(causeOf(await failureOf(400, { error: 'invalid_grant', error_description: 'refresh token has been revoked' }, 'refresh'))).toBe(
      'refresh-revoked',
    )
    expect(causeOf(await failureOf(400, { error: 'invalid_grant', error_description: 'refresh token has expired' }, 'refresh'))).toBe(
      'refresh-expired',
    )
    expect(
      causeOf(await failureOf(400, { error: 'invalid_grant', error_description: 'refresh token was issued to another client' }, 'refresh')),
    ).toBe('wrong-client')
    const limited = await failureOf(429, { status: 429, message: 'limit' }, 'code', { 'retry-after': '42' })
    expect([limited.code, causeOf(limited), limited.hint]).toEqual([
      'rate_limited',
      'rate-limited',
      'Wait 42 s (Retry-After) before trying again.',
    ])
    expect((await failureOf(502, 'Bad gateway')).code).toBe('server_error')
    expect(causeOf(await failureOf(200, '{"token_type":"Bearer"}'))).toBe('malformed-response')
    expect(causeOf(await failureOf(400, { error: 'invalid_request', error_description: 'missing field' }))).toBe('invalid-request')
  })

  it('reports an unreachable endpoint as a network error with a hint', async () => {
    const client = new TokenClient({ send: send(), secrets: new SecretRegistry() })
    const e = await client.refresh({ ...env(), authUrl: 'http://127.0.0.1:1' }, 'rt').catch((x: unknown) => x)
    expect((e as ConsoleError).code).toBe('network')
    expect((e as ConsoleError).hint).toMatch(/environment’s URL and port/)
  })
})
