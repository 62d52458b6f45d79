import { request } from 'node:http'

export interface RawReply {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
}

/**
 * A plain node:http request: sends the path byte for byte and may carry a body on GET (the sandbox's signed route is
 * GET-only but signs the body it receives), which is what the signature tests need.
 */
export function rawRequest(
  baseUrl: string,
  input: { method?: string; path: string; headers?: Record<string, string>; body?: string | null },
): Promise<RawReply> {
  const url = new URL(baseUrl)
  const body = input.body ?? undefined
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: input.method ?? 'GET',
        path: input.path,
        headers: { ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}), ...input.headers },
        agent: false,
      },
      res => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** The failed check the sandbox names in a 401 body (`details[0].check`). */
export function failedCheck(reply: RawReply): string | undefined {
  try {
    return (JSON.parse(reply.text) as { details?: Array<{ check?: string }> }).details?.[0]?.check
  } catch {
    return undefined
  }
}
