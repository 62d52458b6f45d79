import { createServer } from 'node:net'

/**
 * Ports probed first: below every platform's ephemeral range (Linux 32768–60999, macOS and Windows 49152–65535). A
 * port the OS hands out for port 0 is also what it hands to the next outgoing connection or `listen(0)`, so between
 * the probe and the caller's own `listen` another socket could take it; ports outside that range are only taken by
 * someone asking for them by number.
 */
const PROBE_FROM = 20_000
const PROBE_TO = 32_000
const PROBES = 40

function tryListen(port: number, host: string): Promise<number | null> {
  return new Promise(resolve => {
    const server = createServer()
    server.unref()
    server.once('error', () => resolve(null))
    server.listen(port, host, () => {
      const address = server.address()
      const bound = typeof address === 'object' && address ? address.port : null
      server.close(() => resolve(bound))
    })
  })
}

/**
 * A free TCP port on `host`, released before returning: a random one outside the ephemeral range when one is free,
 * else one the OS picks. A race with another program asking for the same number stays possible: callers handle it.
 */
export async function findFreePort(host = '127.0.0.1'): Promise<number> {
  for (let i = 0; i < PROBES; i++) {
    const port = await tryListen(PROBE_FROM + Math.floor(Math.random() * (PROBE_TO - PROBE_FROM)), host)
    if (port !== null) return port
  }
  const port = await tryListen(0, host)
  if (port === null) throw new Error(`No free TCP port on ${host}`)
  return port
}
