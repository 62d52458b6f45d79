/**
 * A server in a process of its own, so the CPU a benchmark reads is the server's alone (not the load generator's):
 * `bare` answers every request with the JSON text it is given and the same headers the sandbox sends with it (Node's
 * own Date, X-RateLimit-Limit as given and X-RateLimit-Remaining counting down from it, Content-Type,
 * Content-Length): the comparison is then the sandbox's work, not the bytes of its answer. `sandbox` is the built-in
 * sandbox with its limits raised. Over IPC it says `{ url }` when listening, answers `cpu` with its process.cpuUsage() total (µs), and ends
 * on `close`. Started by bench/sandbox-throughput.ts with `node --import tsx`.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startSandbox } from '../../src/sandbox'

type Message = { kind: 'cpu' } | { kind: 'close' }

const send = (message: object) => process.send?.(message)
const cpuNow = () => {
  const u = process.cpuUsage()
  return u.user + u.system
}

if (process.argv[2] === 'sandbox') {
  const sandbox = await startSandbox({ quiet: true, autoConsent: 'allow', limits: { defaultPerWindow: 1_000_000_000 } })
  process.on('message', async (m: Message) => {
    if (m.kind === 'cpu') send({ kind: 'cpu', us: cpuNow() })
    if (m.kind === 'close') {
      await sandbox.close()
      process.disconnect()
    }
  })
  send({ kind: 'ready', url: sandbox.url })
} else {
  const json = process.argv[3] ?? '{}'
  const length = Buffer.byteLength(json)
  const limit = Number(process.argv[4] ?? 100)
  let remaining = limit
  const server = createServer({ keepAliveTimeout: 5000 }, (_req, res) => {
    res.writeHead(200, {
      'X-RateLimit-Limit': limit,
      'X-RateLimit-Remaining': --remaining,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': length,
    })
    res.end(json)
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', () => resolve()))
  process.on('message', (m: Message) => {
    if (m.kind === 'cpu') send({ kind: 'cpu', us: cpuNow() })
    if (m.kind === 'close') {
      server.closeAllConnections()
      server.close(() => process.disconnect())
    }
  })
  send({ kind: 'ready', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })
}
