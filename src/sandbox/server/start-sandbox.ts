import type { AddressInfo } from 'node:net'
import type { SandboxClient } from '../auth/client-registry'
import type { DemoLogin } from '../data/seed-data'
import { DEMO_CLIENT, DEMO_READONLY_CLIENT } from '../data/seed-data'
import { buildRouter } from '../routes/all-routes'
import type { SandboxClock } from '../state/sandbox-clock'
import { createSandboxClock } from '../state/sandbox-clock'
import { createSandboxState } from '../state/sandbox-state'
import { formatBanner } from './sandbox-banner'
import { resolveConfig } from './sandbox-config'
import type { SandboxOptions } from './sandbox-options'
import { createSandboxServer } from './sandbox-server'

/** A started sandbox: where it listens, its operator token, clients and clock, and how to stop it. */
export interface RunningSandbox {
  url: string
  port: number
  adminToken: string
  clients: SandboxClient[]
  demoLogins: DemoLogin[]
  clock: SandboxClock
  registerClient(c: SandboxClient): void
  /** The scenario in force (null = none). */
  readonly scenario: string | null
  close(): Promise<void>
}

/**
 * Starts an independent Partner API sandbox on loopback. It serves the authorize/token endpoints
 * and the partner API on one origin, verifies tokens, signatures and quotas with its own code,
 * and exposes the operator API under /_sandbox/. Resolves once the port is listening.
 */
export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const config = resolveConfig(opts)
  const clock = createSandboxClock(opts.now)
  const state = createSandboxState(config, clock)
  if (opts.clients === undefined || opts.includeDemoClients === true) {
    state.clients.register(DEMO_CLIENT)
    state.clients.register(DEMO_READONLY_CLIENT)
  }
  for (const client of opts.clients ?? []) state.clients.register(client)
  if (opts.scenario !== undefined) state.scenario.apply(opts.scenario)

  let url = ''
  const router = buildRouter(state, () => url)
  const { server, cancelTimers } = createSandboxServer(state, router, opts.tls)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, config.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  url = `${opts.tls ? 'https' : 'http'}://${host}:${port}`

  let closing: Promise<void> | undefined
  const sandbox: RunningSandbox = {
    url,
    port,
    adminToken: config.adminToken,
    get clients() {
      return state.clients.list()
    },
    demoLogins: state.demoLogins,
    clock,
    registerClient(client) {
      state.clients.register(client)
    },
    get scenario() {
      return state.scenario.active
    },
    close() {
      closing ??= new Promise<void>(resolve => {
        cancelTimers()
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return closing
    },
  }
  if (config.printBanner) config.logger(formatBanner(sandbox))
  return sandbox
}
