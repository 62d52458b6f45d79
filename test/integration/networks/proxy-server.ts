import { spawn } from 'node:child_process'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { createProxy } from 'proxy'
import { findFreePort } from '../../../src/main/runtime/free-port'
import { OutputText } from '../../support/output'

/** A real forward proxy (TooTallNate's `proxy` package) on loopback; records the CONNECT targets it tunnelled. */
export async function startForwardProxy(options: { credentials?: { username: string; password: string } } = {}) {
  const server = createProxy(createServer())
  const connects: string[] = []
  server.on('connect', (req: IncomingMessage) => {
    connects.push(req.url ?? '')
  })
  if (options.credentials) {
    const expected = `Basic ${Buffer.from(`${options.credentials.username}:${options.credentials.password}`).toString('base64')}`
    server.authenticate = req => req.headers['proxy-authorization'] === expected
  }
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    connects,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * mitmproxy (Debian's mitmdump) in regular mode on 127.0.0.1: a real TLS-inspecting proxy with its own CA, created in
 * `confdir`. It trusts the upstream server's CA (`upstreamCa`). Resolves once it says it listens (its own log line).
 */
export async function startMitmproxy(confdir: string, upstreamCa: string) {
  const port = await findFreePort()
  const child = spawn(
    'mitmdump',
    [
      '--listen-host',
      '127.0.0.1',
      '--listen-port',
      String(port),
      '--set',
      `confdir=${confdir}`,
      '--set',
      `ssl_verify_upstream_trusted_ca=${upstreamCa}`,
      // No flow lines, but the log line that says it listens ('--quiet' would hide that too).
      '--set',
      'flow_detail=0',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const output = OutputText.of(child)
  const exited = new Promise<number | null>(resolve => child.once('exit', code => resolve(code)))
  try {
    await output.waitFor(`listening at 127.0.0.1:${port}`, 30_000)
  } catch (error) {
    child.kill('SIGKILL')
    await exited
    throw error
  }
  return {
    url: `http://127.0.0.1:${port}`,
    caFile: join(confdir, 'mitmproxy-ca-cert.pem'),
    async close() {
      child.kill('SIGTERM')
      await exited
    },
  }
}
