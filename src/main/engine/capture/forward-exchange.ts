import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import type { Dispatcher } from 'undici'
import { rootCause } from '../http/tls-errors'
import { BodyTee } from './body-tee'
import type { CaptureRecorder, FinishedExchange, RecordedLine } from './capture-recorder'
import type {
  CapturedDrill,
  CapturedExchange,
  CapturedHost,
  CapturedRequest,
  CapturedResponse,
  CaptureInterceptor,
  InterceptDecision,
} from './captured-exchange'
import { clientResponseHeaders, type OriginMap, rawPairs, upstreamPath, upstreamRequestHeaders } from './hop-headers'
import { clientGoneError, pipeBody } from './response-pipe'
import { type ExchangeCancel, trackExchange, untrackExchange } from './running-exchanges'

/** What a capture session gives each exchange it forwards. */
export interface ForwardContext {
  envId: string
  clientId: string
  tokenPath: string
  /** Bytes of each body kept for the log and the observers (the body itself always streams through whole). */
  maxBodyBytes: number
  /** No response head from upstream in this time: 504 to the client. */
  timeoutMs: number
  nextSeq(): number
  /** The environment's dispatcher (its proxy, CA and client certificate), asked per request: settings may change. */
  dispatcher(): Dispatcher
  interceptor(): CaptureInterceptor | null
  recorder: CaptureRecorder
  onRecorded(line: RecordedLine): void
  /** Aborted when the capture stops: every upstream request still running is cancelled. */
  signal: AbortSignal
}

/** Which of the environment's hosts a request goes to, and how the client reached the capture. */
export interface ForwardTarget {
  host: CapturedHost
  /** The environment's URL for that host (origin and any base path). */
  upstream: URL
  /** Gateway mode: rewrite Location and cookies to point back at the gateway; null in proxy mode. */
  origins: OriginMap | null
  clientIsHttp: boolean
}

type ExchangeError = CapturedExchange['error']

/**
 * Forwards one request of the partner's client to the environment's host on the environment's route (proxy, CA,
 * client certificate), streaming both bodies through unchanged while a capped copy is kept, and records it once it
 * is over (whatever happened: answered, upstream down, client gone). The interceptor (drills) decides first; all four
 * decisions are honoured. Never throws: every failure becomes a clear answer to the client (502/504 naming the hop and
 * the host) and an entry in the log.
 */
export async function forwardExchange(
  ctx: ForwardContext,
  target: ForwardTarget,
  req: IncomingMessage,
  res: ServerResponse,
  requestTarget: string,
): Promise<void> {
  const run = new Run(ctx, req, res, requestTarget)
  // A client gone at any moment (waiting for the upstream's head, or mid-response while the upstream is quiet) cancels
  // the upstream request at once: nothing waits for a timeout, and the upstream's connection is released.
  // One cancel switch per exchange (no AbortController, AbortSignal.any, timer or stop listener per request: all cost on the hot path;
  // running-exchanges.ts aborts them all when the capture stops); the upstream's
  // silence is bounded by undici's headersTimeout and bodyTimeout. No closure is made per exchange.
  ;(res as ResponseOfRun)[RUN] = run
  res.on('close', clientClosed)

  try {
    let decision: InterceptDecision = { kind: 'forward' }
    const interceptor = ctx.interceptor()
    if (interceptor) {
      run.head = requestHead(req, target, run.path, run.query, requestTarget)
      try {
        decision = interceptor.decide(run.head, target.host)
      } catch (e) {
        // A broken drill must not break the partner's traffic: forward, and say so in the log.
        run.error = {
          hop: 'proxy',
          message: `The capture's interceptor failed (${(e as Error).message}); the request was forwarded as is.`,
        }
      }
    }
    if (decision.kind !== 'forward') run.drill = decision.drill
    if (decision.kind === 'respond') {
      for await (const chunk of req) run.requestTee.push(chunk as Buffer)
      run.sent = performance.now()
      run.answer(decision.status, decision.headers, decision.body)
    } else {
      if (decision.kind === 'before') await decision.run()
      const alter = decision.kind === 'alter' ? decision : null
      const upstream = await sendUpstream(ctx, target.upstream.origin, requestTarget, req, run)
      upstream.body.on('error', settledElsewhere)
      run.headersAt = performance.now()
      run.rawHeaders = upstream.headers as unknown as string[]
      if (alter?.delayMs) await delay(alter.delayMs, ctx.signal)
      if (alter?.rewriteHeaders) {
        run.pairs = alter.rewriteHeaders(responsePairs(run.rawHeaders))
        run.rawHeaders = run.pairs.flat()
      }
      run.respondedAt = Date.now()
      run.status = upstream.statusCode
      if (res.destroyed) {
        upstream.body.destroy()
      } else {
        res.writeHead(upstream.statusCode, clientResponseHeaders(run.rawHeaders, target.origins, target.clientIsHttp))
        await pipeBody(upstream.body, res, run.responseTee)
      }
    }
  } catch (e) {
    if (run.cancel.clientGone || (e as Error).name === 'ClientGone') {
      run.error = { hop: 'client', message: 'The client closed the connection before the exchange finished.' }
    } else if (run.status !== null) {
      run.error = { hop: 'upstream', message: `The response body from ${target.upstream.host} broke off: ${describe(e)}` }
      res.destroy()
    } else {
      const fault = classify(e, target.upstream.host, ctx.signal)
      run.error = fault
      run.answer(fault.status, [['content-type', 'text/plain; charset=utf-8']], `Partner API Console capture: ${fault.message}\n`)
      run.status = null
      run.respondedAt = Date.now()
    }
  }
  untrackExchange(ctx.signal, run.cancel)
  const end = performance.now()
  // Everything below is for the log: the client already has its whole answer.
  const head = run.head ?? requestHead(req, target, run.path, run.query, requestTarget)
  const status = run.status
  const response: Omit<CapturedResponse, 'body'> | null =
    status === null ? null : { status, headers: run.pairs ?? responsePairs(run.rawHeaders) }
  const finished: FinishedExchange = {
    seq: run.seq,
    envId: ctx.envId,
    clientId: ctx.clientId,
    tokenPath: ctx.tokenPath,
    host: target.host,
    client: {
      peerAddress: run.peerAddress,
      peerPort: run.peerPort,
      userAgent: req.headers['user-agent'] ?? null,
    },
    startedAt: run.startedAt,
    respondedAt: run.respondedAt,
    request: { ...head, body: run.requestTee.result() },
    response: response ? { ...response, body: run.responseTee.result() } : null,
    error: run.error,
    drill: run.drill,
    marks: { start: run.start, sent: run.sent, headers: run.headersAt, end },
  }
  ctx.onRecorded(ctx.recorder.record(finished))
}

/**
 * One exchange while it runs: its marks, its response's head as it becomes known (undici's flat raw list, or pairs
 * when a drill or the capture's own answer made them so), its capped body copies and its cancel switch. A class of
 * fields and methods rather than closures over locals: nothing is allocated per exchange beyond this object.
 */
class Run {
  readonly start = performance.now()
  readonly startedAt = Date.now()
  readonly seq: number
  readonly path: string
  readonly query: string
  /** The request's head for the log and the interceptor, built before the response only when an interceptor asks. */
  head: Omit<CapturedRequest, 'body'> | null = null
  readonly requestTee: BodyTee
  readonly responseTee: BodyTee
  sent: number
  headersAt: number | null = null
  respondedAt: number | null = null
  status: number | null = null
  rawHeaders: readonly string[] = NO_HEADERS
  pairs: Array<[string, string]> | null = null
  error: ExchangeError = null
  drill: CapturedDrill | null = null
  readonly cancel: ExchangeCancel
  /** Read at once: the socket's address is gone once it closes. */
  readonly peerAddress: string
  readonly peerPort: number

  constructor(
    ctx: ForwardContext,
    req: IncomingMessage,
    private readonly res: ServerResponse,
    requestTarget: string,
  ) {
    this.sent = this.start
    this.seq = ctx.nextSeq()
    const q = requestTarget.indexOf('?')
    this.path = q >= 0 ? requestTarget.slice(0, q) : requestTarget
    this.query = q >= 0 ? requestTarget.slice(q + 1) : ''
    this.requestTee = new BodyTee(ctx.maxBodyBytes)
    this.responseTee = new BodyTee(ctx.maxBodyBytes)
    this.peerAddress = req.socket.remoteAddress ?? ''
    this.peerPort = req.socket.remotePort ?? 0
    this.cancel = trackExchange(ctx.signal)
  }

  /** The request's body is all forwarded (or there was none): the send phase ends now. */
  markSent(): void {
    this.sent = performance.now()
  }

  /** The capture's own answer (a drill's, or a 502/504 naming the hop): sent when the client can still take it. */
  answer(code: number, answered: Array<[string, string]>, body: string): void {
    this.headersAt = performance.now()
    this.respondedAt = Date.now()
    this.status = code
    this.pairs = answered
    if (!this.res.headersSent && !this.res.destroyed) {
      this.res.writeHead(code, answered.flat())
      this.res.end(body)
    }
    this.responseTee.push(Buffer.from(body))
  }
}

const NO_HEADERS: readonly string[] = []
/** Where a response keeps its exchange for `clientClosed` (a listener shared by all, not a closure per exchange). */
const RUN = Symbol('capture run')
type ResponseOfRun = ServerResponse & { [RUN]?: Run }

/** The response's 'close' before it finished: the client went away, and the exchange's upstream request is cancelled. */
function clientClosed(this: ResponseOfRun): void {
  if (this.writableFinished) return
  const cancel = this[RUN]?.cancel
  if (!cancel) return
  cancel.clientGone = true
  cancel.abort(clientGoneError('The client closed the connection before the exchange finished.'))
}

/** The request's head as the log and the interceptor see it: the upstream URL, path and query, headers as pairs. */
function requestHead(
  req: IncomingMessage,
  target: ForwardTarget,
  path: string,
  query: string,
  requestTarget: string,
): Omit<CapturedRequest, 'body'> {
  // The path crosses unchanged (a base path included: the gateway's URL carries it), so signatures stay valid.
  return { method: req.method ?? 'GET', url: `${target.upstream.origin}${requestTarget}`, path, query, headers: rawPairs(req.rawHeaders) }
}

async function sendUpstream(
  ctx: ForwardContext,
  origin: string,
  requestTarget: string,
  req: IncomingMessage,
  run: Run,
): Promise<Dispatcher.ResponseData> {
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0
  const body = hasBody ? Readable.from(teeBody(req, run), { objectMode: false }) : null
  body?.on('error', settledElsewhere)
  if (!hasBody) {
    req.resume()
    run.markSent()
  }
  return ctx.dispatcher().request({
    origin,
    path: upstreamPath(origin, requestTarget),
    method: (req.method ?? 'GET') as Dispatcher.HttpMethod,
    headers: upstreamRequestHeaders(req.rawHeaders),
    body,
    signal: run.cancel,
    headersTimeout: ctx.timeoutMs,
    bodyTimeout: ctx.timeoutMs,
    // A flat list: no object built per response only to be turned back into pairs.
    responseHeaders: 'raw',
  })
}

/** The client's body as undici reads it, each chunk copied (up to the cap) on its way. */
async function* teeBody(req: IncomingMessage, run: Run): AsyncGenerator<Buffer> {
  for await (const chunk of req) {
    run.requestTee.push(chunk as Buffer)
    yield chunk as Buffer
  }
  if (!req.complete) throw clientGoneError('The client closed the connection mid-request.')
  run.markSent()
}

/**
 * The last listener of a body stream's errors. Each body fails its exchange through the request or the pipe while
 * it is read; an error after that (undici's "Request aborted" when a body is destroyed once the client has gone, the
 * client's reset after undici stopped reading the upload) has nothing left to end, and without a listener it would
 * be thrown and end the whole process.
 */
function settledElsewhere(): void {}

/**
 * Undici's raw headers (`responseHeaders: 'raw'`: a flat `[name, value, …]` list of strings) as pairs, in order,
 * repeated names kept, names in lower case as the log shows the console's own responses.
 */
function responsePairs(raw: readonly string[]): Array<[string, string]> {
  const out: Array<[string, string]> = []
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([(raw[i] as string).toLowerCase(), raw[i + 1] as string])
  return out
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    })
  })
}

const TLS_CODES = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|HOSTNAME|ALTNAME/

/** The fault as the client and the log get it: which hop failed, at which host, and the answer's status. */
function classify(e: unknown, host: string, closing: AbortSignal): NonNullable<ExchangeError> & { status: number } {
  const cause = rootCause(e)
  const code = cause.code ?? ''
  if (closing.aborted) return { hop: 'proxy', status: 503, message: 'the capture was stopped while this request was running.' }
  if (cause.name === 'TimeoutError' || /TIMEOUT/.test(code))
    return { hop: 'upstream', status: 504, message: `${host} did not answer in time (${code || cause.name}).` }
  if (TLS_CODES.test(code))
    return {
      hop: 'tls',
      status: 502,
      message: `the TLS connection to ${host} failed: ${code} (${cause.message}). Check the environment's CA settings.`,
    }
  if ((e as Error).name === 'ClientGone') return { hop: 'client', status: 400, message: (e as Error).message }
  return { hop: 'upstream', status: 502, message: `${host} could not be reached: ${describe(e)}` }
}

function describe(e: unknown): string {
  const cause = rootCause(e)
  return cause.code ? `${cause.code} (${cause.message})` : cause.message
}
