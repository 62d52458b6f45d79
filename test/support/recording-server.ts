import { createServer, type Server, type Socket } from 'node:net'

/** One HTTP/1.1 request as its bytes arrived: nothing normalised beyond splitting the head. */
export interface RecordedRequest {
  method: string
  target: string
  /** Names as sent; values as Latin-1 text of their bytes, optional whitespace around them removed (RFC 9110 5.5). */
  headers: Array<{ name: string; value: string }>
  body: Buffer
}

/**
 * A loopback HTTP/1.1 server on raw TCP that records every request and answers 200 "ok". Raw so that any method
 * token is accepted (Node's own parser knows a fixed list) and so the test sees the bytes a client sent, not what a
 * parser made of them. Bodies are read by Content-Length or chunked transfer coding.
 */
export async function startRecordingServer(): Promise<{ url: string; requests: RecordedRequest[]; close: () => Promise<void> }> {
  const requests: RecordedRequest[] = []
  const sockets = new Set<Socket>()
  const server: Server = createServer(socket => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
    let buffer = Buffer.alloc(0)
    socket.on('data', chunk => {
      buffer = Buffer.concat([buffer, chunk])
      const parsed = parse(buffer)
      if (!parsed) return
      requests.push(parsed)
      socket.end('HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok')
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>(resolve => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}

function parse(buffer: Buffer): RecordedRequest | null {
  const end = buffer.indexOf('\r\n\r\n')
  if (end < 0) return null
  const lines = buffer.subarray(0, end).toString('latin1').split('\r\n')
  const [method = '', target = ''] = (lines[0] ?? '').split(' ')
  const headers = lines.slice(1).map(line => {
    const colon = line.indexOf(':')
    return { name: line.slice(0, colon), value: line.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, '') }
  })
  const header = (name: string) => headers.find(h => h.name.toLowerCase() === name)?.value
  const rest = buffer.subarray(end + 4)
  if (header('transfer-encoding')?.toLowerCase() === 'chunked') {
    const body: Buffer[] = []
    let at = 0
    for (;;) {
      const lineEnd = rest.indexOf('\r\n', at)
      if (lineEnd < 0) return null
      const size = Number.parseInt(rest.subarray(at, lineEnd).toString('latin1'), 16)
      if (size === 0) return rest.indexOf('\r\n', lineEnd + 2) < 0 ? null : { method, target, headers, body: Buffer.concat(body) }
      if (rest.length < lineEnd + 2 + size + 2) return null
      body.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size))
      at = lineEnd + 2 + size + 2
    }
  }
  const length = Number(header('content-length') ?? 0)
  if (rest.length < length) return null
  return { method, target, headers, body: rest.subarray(0, length) }
}
