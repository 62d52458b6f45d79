import { connect, type Socket } from 'node:net'

/**
 * Resolves once nothing listens on `port` any more, without polling on a timer: each attempt connects, and while the
 * listener is still open the attempt's socket stays connected until that listener closes and drops it (Node's
 * server.close() with closeAllConnections, as the console's listeners do), which starts the next attempt. Rejects
 * after `timeoutMs`, naming the port.
 */
export function listenerClosed(port: number, host = '127.0.0.1', timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let done = false
    let socket: Socket | undefined
    const timer = setTimeout(() => finish(new Error(`something still listens on ${host}:${port} after ${timeoutMs} ms`)), timeoutMs)
    const finish = (error?: Error) => {
      if (done) return
      done = true
      clearTimeout(timer)
      socket?.destroy()
      if (error) reject(error)
      else resolve()
    }
    const attempt = () => {
      if (done) return
      socket = connect(port, host)
      socket.once('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED') finish()
        else if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') finish(error)
      })
      socket.once('close', attempt)
      socket.resume()
    }
    attempt()
  })
}
