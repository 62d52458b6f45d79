import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { EmbeddedWindowOpener } from '../../../src/main/engine/oauth/embedded-window-port'
import { createKeyFileCipher } from '../../../src/main/engine/vault/keyfile-cipher'
import type { SecretCipher } from '../../../src/main/engine/vault/secret-cipher'
import { createRuntime, type Runtime } from '../../../src/main/runtime/create-runtime'
import { findFreePort } from '../../../src/main/runtime/free-port'
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../../src/sandbox'
import type { BridgeResult, ChannelName, EventMessage, EventName, EventPayloads, RequestOf, ResponseOf } from '../../../src/shared/contract'
import { nextEvent, payloadsOf } from '../../support/events'

/** A runtime plus typed helpers for calling the bridge and watching its events, the way the renderer would. */
export interface Console {
  runtime: Runtime
  dataDir: string
  events: EventMessage[]
  call<C extends ChannelName>(channel: C, payload: RequestOf<C>): Promise<BridgeResult<ResponseOf<C>>>
  ok<C extends ChannelName>(channel: C, payload: RequestOf<C>): Promise<ResponseOf<C>>
  close(): Promise<void>
}

/** Starts the console engine on a data folder (a fresh temp folder unless given), as the web host does. */
export async function startConsole(
  options: {
    dataDir?: string
    cipher?: SecretCipher
    builtinSandbox?: boolean
    transport?: 'web' | 'electron'
    embeddedWindow?: EmbeddedWindowOpener
    openExternal?: (url: string) => Promise<void>
  } = {},
): Promise<Console> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'pc-')))
  const runtime = await createRuntime({
    transport: options.transport ?? 'web',
    version: 'test',
    dataDir,
    cipher: options.cipher ?? createKeyFileCipher(join(dataDir, 'vault.key')),
    heartbeatMs: 60_000,
    sandbox: options.builtinSandbox ?? false,
    embeddedWindow: options.embeddedWindow,
    openExternal: options.openExternal,
  })
  const events: EventMessage[] = []
  runtime.bus.subscribe(m => events.push(m))
  const transport = options.transport ?? 'web'
  const call = <C extends ChannelName>(channel: C, payload: RequestOf<C>) =>
    runtime.registry.dispatch(channel, payload, { transport }) as Promise<BridgeResult<ResponseOf<C>>>
  return {
    runtime,
    dataDir,
    events,
    call,
    async ok(channel, payload) {
      const result = await call(channel, payload)
      if (!result.ok) throw new Error(`${channel} failed: ${result.error.code} ${result.error.message}`)
      return result.value
    },
    close: () => runtime.close(),
  }
}

/** A sandbox on loopback with one client whose redirect URI points at a free loopback port. */
export async function startTestSandbox(
  options: Partial<SandboxOptions> & { redirectPath?: string; extraRedirectUris?: string[] } = {},
): Promise<{ sandbox: RunningSandbox; url: string; clientId: string; clientSecret: string; redirectUri: string; port: number }> {
  const port = await findFreePort()
  const redirectUri = `http://127.0.0.1:${port}${options.redirectPath ?? '/callback'}`
  const clientId = `client-${randomBytes(4).toString('hex')}`
  const clientSecret = `sbx_secret_${randomBytes(18).toString('base64url')}`
  const sandbox = await startSandbox({
    quiet: true,
    ...options,
    clients: [{ clientId, clientSecret, redirectUris: [redirectUri, ...(options.extraRedirectUris ?? [])] }],
  })
  return { sandbox, url: sandbox.url, clientId, clientSecret, redirectUri, port }
}

/** Creates a user environment for a sandbox client and makes it active; returns its id. */
export async function addEnvironment(
  c: Console,
  s: { url: string; clientId: string; clientSecret: string; redirectUri: string },
  extra: Partial<RequestOf<'environments:create'>['settings']> = {},
): Promise<string> {
  const env = await c.ok('environments:create', {
    settings: {
      name: `Test ${randomBytes(3).toString('hex')}`,
      authUrl: s.url,
      baseUrl: s.url,
      clientId: s.clientId,
      redirectUri: s.redirectUri,
      ...extra,
    },
    clientSecret: s.clientSecret,
  })
  await c.ok('environments:setActive', { id: env.id })
  return env.id
}

/** Follows redirects like a browser would (GET), returning every URL visited and the last response. */
export async function browse(
  url: string,
  maxHops = 5,
): Promise<{ visited: string[]; status: number; body: string; location: string | null }> {
  const visited: string[] = []
  let current = url
  for (let i = 0; i <= maxHops; i++) {
    visited.push(current)
    let response: Response
    try {
      response = await fetch(current, { redirect: 'manual' })
    } catch (error) {
      return { visited, status: 0, body: String((error as Error).cause ?? error), location: null }
    }
    const location = response.headers.get('location')
    if (response.status >= 300 && response.status < 400 && location) {
      current = new URL(location, current).toString()
      await response.arrayBuffer()
      continue
    }
    return { visited, status: response.status, body: await response.text(), location }
  }
  throw new Error('too many redirects')
}

/** The Location a GET answers with (no following): e.g. the redirect the browser would go to next. */
export async function redirectOf(url: string): Promise<string> {
  const response = await fetch(url, { redirect: 'manual' })
  await response.arrayBuffer()
  const location = response.headers.get('location')
  if (!location) throw new Error(`expected a redirect from ${url}, got ${response.status}`)
  return location
}

/** A loopback reverse proxy that counts requests; lets a test see exactly what reached the server. */
export async function startCountingProxy(
  target: string,
): Promise<{ url: string; requests: Array<{ method: string; path: string; body: string }>; close(): Promise<void> }> {
  const requests: Array<{ method: string; path: string; body: string }> = []
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    requests.push({ method: req.method ?? '', path: req.url ?? '', body })
    const headers: Record<string, string> = {}
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v
    const upstream = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers,
      body: body === '' ? undefined : body,
      redirect: 'manual',
    })
    const text = await upstream.text()
    const out: Record<string, string> = {}
    upstream.headers.forEach((v, k) => {
      if (k !== 'content-length' && k !== 'transfer-encoding' && k !== 'connection' && k !== 'keep-alive') out[k] = v
    })
    res.writeHead(upstream.status, out)
    res.end(text)
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', () => resolve()))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>(resolve => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** The payloads of one event the console has emitted so far, typed by its name. */
export function eventsNamed<E extends EventName>(c: Console, name: E): EventPayloads[E][] {
  return payloadsOf(c.events, name)
}

/**
 * The first `name` event (already emitted, or to come) that `accept` takes: the console's bus says when, so no test
 * polls. Fails after `timeoutMs`, naming the event.
 */
export function eventOf<E extends EventName>(
  c: Console,
  name: E,
  accept: (payload: EventPayloads[E]) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<EventPayloads[E]> {
  return nextEvent(c.runtime.bus, c.events, name, accept, timeoutMs)
}

/** Removes a temp data folder. */
export function removeDir(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true })
}

/**
 * True when something accepts TCP connections on the port (the catcher still listening): a connection, not an HTTP
 * answer, so a busy machine cannot turn a slow answer into "not listening".
 */
export function isListening(port: number): Promise<boolean> {
  return new Promise(resolve => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
