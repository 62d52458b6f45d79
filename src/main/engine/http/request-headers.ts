/** The User-Agent the console sends unless the request sets its own. */
const USER_AGENT = 'partner-api-console'

/**
 * The headers a request is sent with: names lower-cased (HTTP/1.1 names are case-insensitive and the log, HAR and
 * quota code compare them that way), a User-Agent and `Accept: *\/*` when absent, and a Content-Type for a body that
 * has none (JSON when the body parses as JSON, plain text otherwise), each addition explained in `notes`.
 */
export function prepareHeaders(
  given: Record<string, string>,
  body: string | undefined,
): { headers: Record<string, string>; notes: string[] } {
  const headers: Record<string, string> = {}
  const notes: string[] = []
  for (const [name, value] of Object.entries(given)) {
    const key = name.trim().toLowerCase()
    if (key === 'host' || key === 'content-length' || key === 'connection' || key === 'transfer-encoding') {
      notes.push(`The ${key} header was dropped: the HTTP client sets it.`)
      continue
    }
    headers[key] = value
  }
  headers['user-agent'] ??= USER_AGENT
  headers.accept ??= '*/*'
  if (body !== undefined && body !== '' && headers['content-type'] === undefined) {
    headers['content-type'] = looksLikeJson(body) ? 'application/json' : 'text/plain; charset=utf-8'
    notes.push(`Content-Type ${headers['content-type']} added (the request had none).`)
  }
  return { headers, notes }
}

function looksLikeJson(body: string): boolean {
  const first = body.trimStart()[0]
  if (first !== '{' && first !== '[' && first !== '"') return false
  try {
    JSON.parse(body)
    return true
  } catch {
    return false
  }
}
