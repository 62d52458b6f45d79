import { createServer, type IncomingMessage, type Server } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import type { LogEntry } from '../../../src/shared/contract'
import { type StandaloneCapture, standaloneCapture } from '../../support/standalone-capture'

/**
 * Stopping a capture while its exchanges wait on the upstream: every one of them is cancelled at once (the upstream
 * sees its connection closed, nothing waits for a timeout), each is logged as stopped by the capture, and a capture
 * started after it cancels its own exchanges the same way.
 */
let upstream: Server | undefined
let c: StandaloneCapture | undefined

afterEach(async () => {
  await c?.close()
  await closeUpstream()
})

async function closeUpstream(): Promise<void> {
  const server = upstream
  upstream = undefined
  if (!server) return
  server.closeAllConnections()
  await new Promise(r => server.close(r))
}

/** An upstream that never answers; resolves `arrived` once `count` requests are held, `closed` once all are dropped. */
async function silentUpstream(count: number) {
  const held: IncomingMessage[] = []
  let arrived!: () => void
  let closed!: () => void
  const all = { arrived: new Promise<void>(r => (arrived = r)), closed: new Promise<void>(r => (closed = r)) }
  let gone = 0
  upstream = createServer(req => {
    held.push(req)
    req.socket.once('close', () => {
      if (++gone === count) closed()
    })
    if (held.length === count) arrived()
  })
  await new Promise<void>(r => upstream?.listen(0, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${(upstream.address() as { port: number }).port}`, ...all }
}

/** Resolves with the captured entries once `count` more are in the log. */
function recorded(capture: StandaloneCapture, count: number): Promise<LogEntry[]> {
  const entries: LogEntry[] = []
  return new Promise(resolve => {
    const off = capture.capture.onRecorded(line => {
      entries.push(line.entry)
      if (entries.length === count) {
        off()
        resolve(entries)
      }
    })
  })
}

describe('stopping a capture', () => {
  it('cancels every exchange still waiting on the upstream, and logs each as stopped by the capture', async () => {
    for (const round of [1, 2]) {
      const up = await silentUpstream(3)
      c = await standaloneCapture({ authUrl: up.url, baseUrl: up.url, timeoutMs: 60_000 })
      const status = await c.capture.start({ mode: 'gateway' })
      const logged = recorded(c, 3)
      const calls = [1, 2, 3].map(i =>
        fetch(`${status.gateway?.baseUrl}/api/v1/wait/${round}/${i}`).then(
          r => r.status,
          () => 'reset',
        ),
      )
      await up.arrived
      await c.capture.stop(status.envId)
      await up.closed
      const entries = await logged
      expect(entries.map(e => e.path).sort()).toEqual([1, 2, 3].map(i => `/api/v1/wait/${round}/${i}`))
      for (const e of entries) expect(e.error).toBe('Capture: the capture was stopped while this request was running.')
      for (const answer of await Promise.all(calls)) expect([503, 'reset']).toContain(answer)
      await c.close()
      c = undefined
      await closeUpstream()
    }
  })
})
