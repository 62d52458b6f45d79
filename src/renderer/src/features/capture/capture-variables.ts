import type { CaptureVariable } from '../../../../shared/contract'

/** Who reads a variable, in words, in the order the Capture section lists them. */
const RUNTIME_LABEL: Record<string, string> = {
  partner: 'Your integration',
  all: 'Every runtime',
  node: 'Node',
  python: 'Python',
  curl: 'curl',
}
const ORDER = Object.keys(RUNTIME_LABEL)

/** The variables of a capture grouped by runtime (known runtimes first, in their order; unknown ones after, as named). */
export function groupVariables(variables: CaptureVariable[]): { runtime: string; label: string; variables: CaptureVariable[] }[] {
  const groups = new Map<string, CaptureVariable[]>()
  for (const v of variables) groups.set(v.runtime, [...(groups.get(v.runtime) ?? []), v])
  const rank = (r: string) => (ORDER.includes(r) ? ORDER.indexOf(r) : ORDER.length)
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([runtime, vs]) => ({ runtime, label: RUNTIME_LABEL[runtime] ?? runtime, variables: vs }))
}

/** POSIX shell quoting: the value exactly, whatever it holds (spaces, quotes, `$`). */
function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`
}

/** The variables as `export NAME=value` lines, ready to paste into a shell. */
export function exportLines(variables: CaptureVariable[]): string {
  return variables.map(v => `export ${v.name}=${shellQuote(v.value)}`).join('\n')
}
