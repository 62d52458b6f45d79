import type { IncomingMessage } from 'node:http'
import { sendApiError } from './http-io'
import type { RequestContext } from './router'

/** Largest request body the sandbox reads; larger bodies are answered 413. */
const MAX_BODY_BYTES = 1024 * 1024

class BodyTooLargeError extends Error {
  constructor() {
    super(`request body larger than ${MAX_BODY_BYTES} bytes`)
  }
}

/**
 * Reads the whole request body as UTF-8 text ('' when there is none), bounded in size so a
 * misbehaving client cannot exhaust memory. The exact bytes matter: HMAC covers them.
 */
function readBody(req: IncomingMessage): Promise<string> {
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) {
    return Promise.resolve('')
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        // keep draining (so the 413 can be delivered) but stop buffering
        tooLarge = true
        chunks.length = 0
        reject(new BodyTooLargeError())
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/** How a route answers a body over MAX_BODY_BYTES: its own error shape, status 413. */
type TooLargeAnswer = (ctx: RequestContext, message: string) => void

/** The default 413: the 2.6-shaped API error. */
const answerApiError: TooLargeAnswer = (ctx, message) => sendApiError(ctx.res, ctx.state.clock.now(), 413, message)

/**
 * The one body reader of every sandbox route: the whole body as UTF-8 text, or null after answering 413 (in the
 * route's own error shape, `answer`) when it is larger than MAX_BODY_BYTES. Other read errors propagate.
 */
export async function readBodyOr413(ctx: RequestContext, answer: TooLargeAnswer = answerApiError): Promise<string | null> {
  try {
    return await readBody(ctx.req)
  } catch (err) {
    if (err instanceof BodyTooLargeError) {
      answer(ctx, err.message)
      return null
    }
    throw err
  }
}
