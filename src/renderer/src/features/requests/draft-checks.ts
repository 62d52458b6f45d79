import type { Draft } from './draft'

/** The placeholders of a path, each once, in order. */
export function placeholders(path: string): string[] {
  return [...new Set([...path.matchAll(/\{(\w+)\}/g)].map(m => m[1] as string))]
}

/** Why a body would not parse as JSON (null when it does, or when it does not claim to be JSON). */
export function jsonProblem(draft: Draft): string | null {
  const type = draft.headers.find(h => h.enabled && h.name.toLowerCase() === 'content-type')?.value ?? ''
  const looks = /json/i.test(type) || /^\s*[[{]/.test(draft.body)
  if (!looks || draft.body.trim() === '') return null
  try {
    JSON.parse(draft.body)
    return null
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}
