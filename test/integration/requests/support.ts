import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { createKeyFileCipher } from '../../../src/main/engine/vault/keyfile-cipher'
import { createRuntime, type Runtime } from '../../../src/main/runtime/create-runtime'
import type { BridgeResult, ChannelName, EventMessage, EventName, EventPayloads, RequestOf, ResponseOf } from '../../../src/shared/contract'
import { nextEvent, payloadsOf } from '../../support/events'

/** A full runtime (built-in sandbox with auto-consent unless told otherwise) and typed bridge calls. */
export interface TestConsole {
  runtime: Runtime
  events: EventMessage[]
  call<C extends ChannelName>(channel: C, payload: RequestOf<C>, options?: { signal?: AbortSignal }): Promise<BridgeResult<ResponseOf<C>>>
  ok<C extends ChannelName>(channel: C, payload: RequestOf<C>): Promise<ResponseOf<C>>
  admin(path: string, body?: unknown, method?: string): Promise<unknown>
  close(): Promise<void>
}

export async function startTestConsole(options: { sandbox?: boolean } = {}): Promise<TestConsole> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pc-'))
  const runtime = await createRuntime({
    transport: 'web',
    version: 'test',
    dataDir,
    cipher: createKeyFileCipher(join(dataDir, 'vault.key')),
    heartbeatMs: 60_000,
    sandbox: options.sandbox ?? true,
    sandboxAutoConsent: 'allow',
  })
  const events: EventMessage[] = []
  runtime.bus.subscribe(m => events.push(m))
  const call = <C extends ChannelName>(channel: C, payload: RequestOf<C>, options: { signal?: AbortSignal } = {}) =>
    runtime.registry.dispatch(channel, payload, { transport: 'web', signal: options.signal }) as Promise<BridgeResult<ResponseOf<C>>>
  return {
    runtime,
    events,
    call,
    async ok(channel, payload) {
      const result = await call(channel, payload)
      if (!result.ok) throw new Error(`${channel} failed: ${result.error.code} ${result.error.message}`)
      return result.value
    },
    async admin(path, body, method = 'POST') {
      const sandbox = runtime.sandbox
      if (!sandbox) throw new Error('no sandbox')
      const response = await fetch(`${sandbox.url}${path}`, {
        method,
        headers: { 'x-sandbox-admin-token': sandbox.adminToken, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await response.text()
      if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`)
      return text ? JSON.parse(text) : null
    },
    async close() {
      await runtime.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Authorizes the active environment like a user would: oauth:start (loopback catch), then a "browser" GET of the
 * authorize URL (the sandbox auto-consents and redirects to the catcher). Returns the code the redirect carried.
 */
export async function authorize(c: TestConsole): Promise<{ code: string }> {
  const start = await c.ok('oauth:start', { mode: 'loopback' })
  const first = await fetch(start.authorizeUrl, { redirect: 'manual' })
  await first.arrayBuffer()
  const location = first.headers.get('location')
  if (!location) throw new Error(`authorize did not redirect (${first.status})`)
  const code = new URL(location).searchParams.get('code')
  if (!code) throw new Error(`no code in ${location}`)
  const finished = nextEvent(c.runtime.bus, c.events, 'oauth:flow', f => f.flowId === start.flowId && TERMINAL.includes(f.step))
  const callback = await fetch(location)
  await callback.arrayBuffer()
  // The flow announces its end on the bus: no polling of oauth:tokens.
  const flow = await finished
  if (flow.step !== 'done') throw new Error(`the authorization ended ${flow.step}: ${flow.failure?.message ?? ''}`)
  if (!(await c.ok('oauth:tokens', {})).present) throw new Error('no token after the callback')
  return { code }
}

const TERMINAL: readonly string[] = ['done', 'failed', 'denied']

/** A loopback HTTP server for the cases the sandbox cannot produce (silence, 50 MB, a reset mid-body). */
export async function startLoopback(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(handler)
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', () => resolve()))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The payloads of one event the console has emitted so far, typed by its name. */
export function eventsNamed<E extends EventName>(c: TestConsole, name: E): EventPayloads[E][] {
  return payloadsOf(c.events, name)
}

/** A console with its built-in sandbox, authorized through the loopback flow (a merchant who said Allow). */
export async function startAuthorizedConsole(): Promise<TestConsole> {
  const c = await startTestConsole()
  await authorize(c)
  return c
}

/**
 * One authorized console shared by every test of a file: starts it before the first test and closes it after the last.
 * Call at the top level of the file; the returned function gives the console inside a test.
 */
export function authorizedConsoleForFile(): () => TestConsole {
  let c: TestConsole | undefined
  beforeAll(async () => {
    c = await startAuthorizedConsole()
  })
  afterAll(async () => {
    await c?.close()
  })
  return () => {
    if (!c) throw new Error('the console is started in beforeAll; read it inside a test')
    return c
  }
}
