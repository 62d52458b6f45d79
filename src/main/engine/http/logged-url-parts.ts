/**
 * The network log's host and path of a request's redacted URL text (`logged`), from the URL the request already
 * parsed, so the log does not split the text again: the parsed host, and what follows it as the path. Given only when
 * the text provably splits that way (it starts with the URL's own scheme, `//` and host, nothing in the authority was
 * redacted, the host is followed by `/`, `?` or nothing, and there is no fragment); otherwise undefined, and the log
 * splits the text itself. Either way the entry's host and path are the same.
 */
export function loggedUrlParts(url: URL, logged: string): { host: string; path: string } | undefined {
  const protocol = url.protocol
  const host = url.host
  const hostStart = protocol.length + 2
  if (!logged.startsWith(protocol) || logged.charCodeAt(hostStart - 2) !== 47 || logged.charCodeAt(hostStart - 1) !== 47) return undefined
  if (!logged.startsWith(host, hostStart) || logged.includes('#')) return undefined
  const pathStart = hostStart + host.length
  if (logged.length === pathStart) return { host, path: '/' }
  // '/' or '?' after the host: where the log's own split ends the host too.
  const next = logged.charCodeAt(pathStart)
  return next === 47 || next === 63 ? { host, path: logged.slice(pathStart) } : undefined
}
