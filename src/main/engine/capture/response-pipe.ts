import type { ServerResponse } from 'node:http'
import type { Dispatcher } from 'undici'
import type { BodyTee } from './body-tee'

type UpstreamBody = Dispatcher.ResponseData['body']

/**
 * Writes the upstream body to the client as it comes, respecting the client's back-pressure (the upstream is paused
 * until the client drains), and resolves once the client has the whole response. Plain 'data'/'end' listeners, not an
 * async iterator: no promise per chunk on the hot path, and its handlers are bound once per exchange (no closures
 * made inside it). Rejects (upstream destroyed) when the client goes away or the upstream body breaks off.
 */
export function pipeBody(body: UpstreamBody, res: ServerResponse, tee: BodyTee): Promise<void> {
  return new Promise<void>((resolve, reject) => new ResponsePipe(body, res, tee, resolve, reject).start())
}

/** An error that says the client went away (the exchange is logged as the client's hop, not the upstream's). */
export function clientGoneError(message: string): Error {
  return Object.assign(new Error(message), { name: 'ClientGone' })
}

class ResponsePipe {
  private settled = false
  private readonly onData: (chunk: Buffer) => void
  private readonly onDrain: () => void
  private readonly onClose: () => void
  private readonly onEnd: () => void
  private readonly onError: (e: Error) => void
  private readonly onFinished: () => void

  constructor(
    private readonly body: UpstreamBody,
    private readonly res: ServerResponse,
    private readonly tee: BodyTee,
    private readonly resolve: () => void,
    private readonly reject: (e: Error) => void,
  ) {
    this.onData = this.data.bind(this)
    this.onDrain = this.drain.bind(this)
    this.onClose = this.close.bind(this)
    this.onEnd = this.end.bind(this)
    this.onError = this.fail.bind(this)
    this.onFinished = this.finished.bind(this)
  }

  start(): void {
    this.body.on('data', this.onData)
    this.body.once('end', this.onEnd)
    this.body.once('error', this.onError)
    this.res.on('drain', this.onDrain)
    this.res.once('close', this.onClose)
  }

  private data(chunk: Buffer): void {
    this.tee.push(chunk)
    if (this.res.destroyed) this.fail(clientGoneError('The client went away.'))
    else if (!this.res.write(chunk)) this.body.pause()
  }

  private drain(): void {
    this.body.resume()
  }

  private close(): void {
    if (!this.res.writableFinished) this.fail(clientGoneError('The client went away.'))
  }

  private end(): void {
    if (this.settled) return
    this.res.end(this.onFinished)
  }

  private finished(): void {
    if (this.settled) return
    this.settled = true
    this.cleanup()
    this.resolve()
  }

  private fail(e: Error): void {
    if (this.settled) return
    this.settled = true
    this.cleanup()
    this.body.destroy()
    this.reject(e)
  }

  private cleanup(): void {
    this.body.off('data', this.onData)
    this.body.off('end', this.onEnd)
    this.body.off('error', this.onError)
    this.res.off('drain', this.onDrain)
    this.res.off('close', this.onClose)
  }
}
