import type { SandboxResponse } from './sandbox-response'

const JSON_TYPE = 'application/json; charset=utf-8'

/** Sends a JSON body with an exact Content-Length (keeps keep-alive connections cheap). */
export function sendJson(res: SandboxResponse, status: number, body: unknown): void {
  sendJsonText(res, status, JSON.stringify(body))
}

/**
 * Sends an already-serialised JSON document. The body goes out as text: Node writes the head and a text body in one
 * write, a byte buffer in two (a writev). Callers that serve the same text again pass its UTF-8 length, counted once
 * and kept as the header's text (node:http turns a number into text twice: to check it, then to write it).
 */
export function sendJsonText(
  res: SandboxResponse,
  status: number,
  text: string,
  byteLength: number | string = Buffer.byteLength(text),
): void {
  res.staged.push('Content-Type', JSON_TYPE, 'Content-Length', byteLength)
  res.writeHead(status)
  res.end(text)
}

/** Sends an HTML page; pages are never cached because they carry per-authorization fields. */
export function sendHtml(res: SandboxResponse, status: number, html: string): void {
  res.staged.push('Content-Type', 'text/html; charset=utf-8', 'Cache-Control', 'no-store', 'Content-Length', Buffer.byteLength(html))
  res.writeHead(status)
  res.end(html)
}

/** Answers 204 No Content with an empty body. */
export function sendNoContent(res: SandboxResponse): void {
  res.writeHead(204)
  res.end()
}

/** Answers 302 to the given absolute URL. */
export function sendRedirect(res: SandboxResponse, location: string): void {
  res.staged.push('Location', location, 'Cache-Control', 'no-store', 'Content-Length', 0)
  res.writeHead(302)
  res.end()
}

/**
 * The error body used for every non-OAuth error (statuses other than 429 are "not shown" by the
 * spec; the sandbox reuses the docs/api.md#rate-limit-error-body shape so clients need one parser): `{ status, timestamp, message, details }`.
 */
function apiErrorBody(status: number, nowMs: number, message: string, details: unknown[] = []) {
  return { status, timestamp: new Date(nowMs).toISOString(), message, details }
}

/** Sends the docs/api.md#rate-limit-error-body-shaped error body. */
export function sendApiError(res: SandboxResponse, nowMs: number, status: number, message: string, details: unknown[] = []): void {
  sendJson(res, status, apiErrorBody(status, nowMs, message, details))
}

/** Sends an RFC 6749 error `{ error, error_description }`; token responses are never cached. */
export function sendOAuthError(res: SandboxResponse, status: number, error: string, description: string): void {
  res.staged.push('Cache-Control', 'no-store', 'Pragma', 'no-cache')
  sendJson(res, status, { error, error_description: description })
}

/** Parses a body as JSON or form encoding according to Content-Type; returns null when it cannot. */
export function parseBodyFields(contentType: string | undefined, body: string): Record<string, unknown> | null {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  if (type === 'application/x-www-form-urlencoded') {
    return Object.fromEntries(new URLSearchParams(body))
  }
  if (type === 'application/json' || type.endsWith('+json') || type === '') {
    if (body.trim() === '') return type === '' ? {} : null
    try {
      const parsed: unknown = JSON.parse(body)
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null
      return parsed as Record<string, unknown>
    } catch {
      return null
    }
  }
  return null
}
