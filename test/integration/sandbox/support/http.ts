import { request } from 'node:http'

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  /** Header names and values as they came on the wire, in order (duplicates kept). */
  rawHeaders: string[]
  text: string
  json<T = Record<string, unknown>>(): T
}

/**
 * A plain node:http request that sends the path byte for byte (fetch would normalise it) and may
 * carry a body on GET, which the signature tests need.
 */
export function rawRequest(
  baseUrl: string,
  input: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  const url = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: input.method ?? 'GET',
        path: input.path,
        headers: {
          ...(input.body !== undefined ? { 'content-length': String(Buffer.byteLength(input.body)) } : {}),
          ...input.headers,
        },
        agent: false,
      },
      res => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          resolve({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, text, json: () => JSON.parse(text) })
        })
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(input.body)
  })
}
