/**
 * Why a URL the user typed cannot be parsed, in their words: a port out of range says so ("port must be 1–65535")
 * instead of the generic "not an absolute URL", so the user fixes the number rather than the scheme. Null when the
 * text parses (or when no more precise cause is found: the caller then says it is not an absolute URL).
 */
export function urlParseProblem(value: string): string | null {
  if (URL.canParse(value)) return null
  const port = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?(?:\[[^\]]*\]|[^/?#:]*):([^/?#]*)/i.exec(value)?.[1]
  if (port !== undefined) {
    if (!/^\d+$/.test(port)) return `the port "${port}" is not a number: port must be 1–65535`
    return `port must be 1–65535 (it is ${port})`
  }
  return null
}
