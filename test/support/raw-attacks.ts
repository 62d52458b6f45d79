import { connect } from 'node:net'

/**
 * What another local process can do to a server on 127.0.0.1 with a raw socket (node:net), for the attack tests of
 * docs/security.md. Each helper resolves once the connection is fully gone, so the server has seen everything.
 */

/** Sends an `Upgrade: websocket` request, waits for the first byte of the answer (the refusal), then resets (RST). */
export function upgradeThenReset(port: number, path: string, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    const lines = Object.entries({
      Host: `127.0.0.1:${port}`,
      Upgrade: 'websocket',
      Connection: 'Upgrade',
      'Sec-WebSocket-Version': '13',
      'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      ...headers,
    }).map(([k, v]) => `${k}: ${v}\r\n`)
    socket.once('connect', () => socket.write(`GET ${path} HTTP/1.1\r\n${lines.join('')}\r\n`))
    socket.once('data', data => {
      answer = String(data)
      socket.resetAndDestroy()
    })
    socket.on('error', () => {})
    socket.once('close', () => (answer ? resolve(answer) : reject(new Error('the server closed without answering'))))
  })
}

/** Sends the start of a request and resets the connection before the server can answer. */
export function resetMidRequest(port: number, head: string): Promise<void> {
  return new Promise(resolve => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => socket.write(head, () => socket.resetAndDestroy()))
    socket.on('error', () => {})
    socket.once('close', () => resolve())
  })
}

/** One plain HTTP/1.1 GET over a raw socket; resolves with the status code and the body. */
export function rawGet(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let text = ''
    const lines = Object.entries({ Host: `127.0.0.1:${port}`, Connection: 'close', ...headers }).map(([k, v]) => `${k}: ${v}\r\n`)
    socket.once('connect', () => socket.write(`GET ${path} HTTP/1.1\r\n${lines.join('')}\r\n`))
    socket.setEncoding('utf8')
    socket.on('data', d => {
      text += d
    })
    socket.on('error', reject)
    socket.once('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }))
  })
}
