import { spawn } from 'node:child_process'
import { createServer, type IncomingMessage } from 'node:http'
import { type AddressInfo, connect } from 'node:net'
import { join } from 'node:path'
import { createProxy } from 'proxy'
import { findFreePort } from '../../../src/main/runtime/free-port'

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

function portOpen(port: number): Promise<boolean> {
  return new Promise(resolve => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/**
 * mitmproxy (Debian's mitmdump) in regular mode on 127.0.0.1: a real TLS-inspecting proxy with its own CA, created in
 * `confdir`. It trusts the upstream server's CA (`upstreamCa`). Resolves once its port accepts connections.
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
      '--quiet',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let stderr = ''
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString()
  })
  const exited = new Promise<number | null>(resolve => child.once('exit', code => resolve(code)))
  const deadline = Date.now() + 30_000
  // Polled: mitmdump prints nothing when its port opens, and the port is the thing to wait for.
  while (!(await portOpen(port))) {
    if (child.exitCode !== null) throw new Error(`mitmdump exited (${child.exitCode}): ${stderr}`)
    if (Date.now() > deadline) throw new Error(`mitmdump did not listen within 30 s: ${stderr}`)
    await new Promise(r => setTimeout(r, 100))
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
