import { type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders, ServerResponse } from 'node:http'

/**
 * The sandbox's response. Headers the sandbox adds to every answer of a kind (its clock's Date, the quota's
 * X-RateLimit-*, the body's Content-Type and Content-Length) are staged in a flat name/value list and written with the
 * status line by one writeHead, rather than through a setHeader chain that validates, lower-cases and stores each one
 * in a map only to read them all back. Every way a head gets written (the http-io senders, `end()` or `write()`
 * without a head, an explicit writeHead) passes through writeHead, so no response leaves without its staged headers;
 * a staged header wins over a setHeader of the same name. Node's own Date is off: the sandbox clock's is staged.
 */
export class SandboxResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  /** Flat `[name, value, name, value, …]`, written as given when the head is written. */
  readonly staged: Array<string | number> = []

  constructor(req: Request) {
    super(req)
    this.sendDate = false
  }

  /** Adds a header to the head this response will write (each name staged once by its callers). */
  stage(name: string, value: string | number): void {
    this.staged.push(name, value)
  }

  /** Drops every staged header whose name is not in `keep` (a failed answer must not carry the failed body's). */
  unstageAllBut(keep: ReadonlySet<string>): void {
    const staged = this.staged
    let kept = 0
    for (let i = 0; i < staged.length; i += 2) {
      if (!keep.has(staged[i] as string)) continue
      staged[kept++] = staged[i] as string
      staged[kept++] = staged[i + 1] as string | number
    }
    staged.length = kept
  }

  override writeHead(
    statusCode: number,
    reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    headers?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this {
    const staged = this.staged
    if (staged.length > 0) {
      if (reasonOrHeaders === undefined) return super.writeHead(statusCode, staged)
      // Explicit headers too: stage through setHeader first, so that the explicit ones are applied over them.
      for (let i = 0; i < staged.length; i += 2) this.setHeader(staged[i] as string, staged[i + 1] as string | number)
    }
    if (typeof reasonOrHeaders === 'string') return super.writeHead(statusCode, reasonOrHeaders, headers)
    return super.writeHead(statusCode, reasonOrHeaders)
  }
}
