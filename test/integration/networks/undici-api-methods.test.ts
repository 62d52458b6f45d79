import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo, Socket } from 'node:net'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Pool } from '../../../src/main/engine/http/undici-parts'

// The console's dispatchers get undici's five request methods as undici's own index gives them; `stream`, `pipeline`,
// `upgrade` and `connect` are required on their first call (undici-parts.ts). Each still works against a real server
// and, once called, is the very function undici's file exports.

const requireHere = createRequire(import.meta.url)
let server: Server
let origin: string
const sockets = new Set<Socket>()

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8').on('data', d => {
      body += d
    })
    req.on('end', () => res.end(`${req.method} ${req.url} ${body}`))
  })
  server.on('connection', s => sockets.add(s))
  server.on('upgrade', (req, socket) => {
    socket.end(`HTTP/1.1 101 Switching Protocols\r\nconnection: upgrade\r\nupgrade: ${req.headers.upgrade}\r\n\r\nhello`)
  })
  server.on('connect', (req, socket) => {
    socket.end(`HTTP/1.1 200 Connection Established\r\n\r\ntunnel to ${req.url}`)
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  for (const s of sockets) s.destroy()
  await new Promise(resolve => server.close(resolve))
})

function readAll(socket: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (d: string) => {
      text += d
    })
    socket.on('end', () => resolve(text))
    socket.on('error', reject)
  })
}

describe("a dispatcher's request methods", () => {
  it('request answers with the body', async () => {
    const pool = new Pool(origin)
    try {
      const res = await pool.request({ method: 'POST', path: '/r', body: 'one' })
      expect(await res.body.text()).toBe('POST /r one')
      expect(pool.request).toBe(requireHere('undici/lib/api/api-request.js'))
    } finally {
      await pool.close()
    }
  })

  it('stream writes the body into the stream the factory returns, and is then undici’s own function', async () => {
    const pool = new Pool(origin)
    try {
      let text = ''
      const sink = new Writable({
        write(chunk, _encoding, done) {
          text += chunk
          done()
        },
      })
      await pool.stream({ method: 'GET', path: '/s' }, () => sink)
      expect(text).toBe('GET /s ')
      expect(pool.stream).toBe(requireHere('undici/lib/api/api-stream.js'))
    } finally {
      await pool.close()
    }
  })

  it('pipeline sends what is written to it and reads the answer', async () => {
    const pool = new Pool(origin)
    try {
      const duplex = pool.pipeline({ method: 'PUT', path: '/p' }, ({ body }) => body)
      const answer = readAll(duplex)
      duplex.end('two')
      expect(await answer).toBe('PUT /p two')
      expect(pool.pipeline).toBe(requireHere('undici/lib/api/api-pipeline.js'))
    } finally {
      await pool.close()
    }
  })

  it('upgrade hands over the switched socket', async () => {
    const pool = new Pool(origin)
    try {
      const { headers, socket } = await pool.upgrade({ path: '/u', protocol: 'test-protocol' })
      expect(headers.upgrade).toBe('test-protocol')
      expect(await readAll(socket)).toBe('hello')
      expect(pool.upgrade).toBe(requireHere('undici/lib/api/api-upgrade.js'))
    } finally {
      await pool.destroy()
    }
  })

  it('connect opens a tunnel', async () => {
    const pool = new Pool(origin)
    try {
      const { statusCode, socket } = await pool.connect({ path: 'example.test:443' })
      expect(statusCode).toBe(200)
      expect(await readAll(socket)).toBe('tunnel to example.test:443')
      expect(pool.connect).toBe(requireHere('undici/lib/api/api-connect.js'))
    } finally {
      await pool.destroy()
    }
  })
})
