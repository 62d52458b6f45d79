import { BridgeCallError } from '../../../shared/contract/errors'

/** One refused field: where it is (`request.path`) and what is wrong with it, in words. */
interface FieldIssue {
  path: string
  message: string
}

/** The per-field problems a refused call carries (`invalid_request` with `details.issues`); none for any other error. */
function fieldIssuesOf(error: unknown): FieldIssue[] {
  if (!(error instanceof BridgeCallError) || error.code !== 'invalid_request') return []
  const list = (error.details as { issues?: unknown } | undefined)?.issues
  if (!Array.isArray(list)) return []
  return list.flatMap(i =>
    i && typeof i === 'object' && typeof i.path === 'string' && typeof i.message === 'string' ? [{ path: i.path, message: i.message }] : [],
  )
}

/**
 * Splits a refusal between the fields a form shows (each problem lands next to its field) and the rest, which the
 * form shows in one box. `fields` maps a field's path in the request to the form's name for it.
 */
export function placeIssues(error: unknown, fields: readonly string[]): { byField: Map<string, string>; unplaced: FieldIssue[] } {
  const byField = new Map<string, string>()
  const unplaced: FieldIssue[] = []
  for (const issue of fieldIssuesOf(error)) {
    const field = fields.find(f => issue.path === f || issue.path.startsWith(`${f}.`))
    if (field) byField.set(field, byField.has(field) ? `${byField.get(field)}; ${issue.message}` : issue.message)
    else unplaced.push(issue)
  }
  return { byField, unplaced }
}
