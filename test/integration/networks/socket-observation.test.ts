import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { Agent, type Dispatcher } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SocketObservation, type SocketObserver, type SocketTimings } from '../../../src/main/engine/http/socket-timings'

// Per-phase timings are matched to their request by the dispatcher pool's own observation (no module state): two
// observations in one process, dispatching at the same time to two servers on loopback, each see only their own
// requests, each request its own socket; a closed observation hears nothing more. The recorder speaks the hooks the
// exchange's handler speaks (undici's Client's own: onConnect, onHeaders, …), so undici also tells it when its request
// was written (onRequestSent).

class Recorder implements SocketObserver, Dispatcher.DispatchHandler {
  socket: Socket | null = null
  timings: SocketTimings | undefined
  sent = false
  readonly done: Promise<number>
  private resolve!: (status: number) => void
  private reject!: (error: Error) => void
  private status = 0
  constructor() {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve
      this.reject = reject
    })
  }
  onConnect(): void {}
  onSocket(socket: Socket, timings: SocketTimings | undefined): void {
    this.socket = socket
    this.timings = timings
  }
  onRequestSent(): void {
    this.sent = true
  }
  onHeaders(statusCode: number): boolean {
    this.status = statusCode
    return true
  }
  onData(): boolean {
    return true
  }
  onComplete(): void {
    this.resolve(this.status)
  }
  onError(error: Error): void {
    this.reject(error)
  }
}

const servers: Server[] = []
const ports: number[] = []

beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const server = createServer((_req, res) => setImmediate(() => res.end(String(i))))
    await new Promise<void>(r => server.listen(0, '127.0.0.1', () => r()))
    servers.push(server)
    ports.push((server.address() as AddressInfo).port)
  }
})

afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections()
    await new Promise<void>(r => s.close(() => r()))
  }
})

function send(observation: SocketObservation, agent: Agent, port: number): Recorder {
  const recorder = new Recorder()
  observation.dispatch(recorder, agent, { origin: `http://127.0.0.1:${port}`, path: '/', method: 'GET' })
  return recorder
}

describe('SocketObservation', () => {
  it('gives each request its own socket and connection timings, across two observations dispatching at once', async () => {
    const observations = [new SocketObservation(), new SocketObservation()]
    const agents = observations.map(o => new Agent({ connect: o.connector() }))
    try {
      const recorders: Array<{ recorder: Recorder; port: number }> = []
      for (let round = 0; round < 5; round++) {
        for (const [i, o] of observations.entries()) {
          const port = ports[i] as number
          recorders.push({ recorder: send(o, agents[i] as Agent, port), port })
        }
      }
      await Promise.all(recorders.map(r => r.recorder.done))
      for (const { recorder, port } of recorders) {
        expect(recorder.socket?.remotePort).toBe(port)
        expect(recorder.sent).toBe(true)
        expect(recorder.timings?.tcpEnd).toBeGreaterThanOrEqual(recorder.timings?.start ?? Number.POSITIVE_INFINITY)
      }
    } finally {
      for (const o of observations) o.close()
      await Promise.all(agents.map(a => a.close()))
    }
  })

  it('hears nothing once closed', async () => {
    const observation = new SocketObservation()
    const agent = new Agent({ connect: observation.connector() })
    try {
      const before = send(observation, agent, ports[0] as number)
      expect(await before.done).toBe(200)
      expect(before.socket).not.toBeNull()
      observation.close()
      const after = send(observation, agent, ports[0] as number)
      expect(await after.done).toBe(200)
      expect(after.socket).toBeNull()
    } finally {
      observation.close()
      await agent.close()
    }
  })
})
