import type { z } from 'zod'

/** One validation problem of a bridge request: `path` locates the field (for the form), `message` says it in words. */
interface IssueInWords {
  path: string
  message: string
}

/** Wrappers of a request that name no field the user sees (`{ request: { path } }` is the field "path"). */
const WRAPPERS = new Set(['request', 'settings', 'changes', 'input', 'draft'])

/** "callbackTimeoutSeconds" → "callback timeout seconds"; array indexes become "item N". */
function fieldLabel(path: readonly PropertyKey[]): string {
  const named = path.filter(p => !(typeof p === 'string' && WRAPPERS.has(p)))
  const last = named.at(-1)
  if (last === undefined) return 'the input'
  if (typeof last === 'number') {
    const owner = named.at(-2)
    return `${owner === undefined ? 'item' : fieldLabel([owner])} ${last + 1}`
  }
  return String(last)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
}

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of named values',
}

function unit(origin: unknown, n: number): string {
  if (origin === 'string') return ` character${n === 1 ? '' : 's'}`
  if (origin === 'array' || origin === 'set') return ` item${n === 1 ? '' : 's'}`
  return ''
}

/** What is wrong, without zod's wording ("Too small: expected string to have >=1 characters"). */
function problem(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_small': {
      const min = Number(issue.minimum)
      if (issue.origin === 'string' && min === 1) return 'must not be empty'
      if (issue.origin === 'array' && min === 1) return 'needs at least one item'
      return `must be at least ${min}${unit(issue.origin, min)}`
    }
    case 'too_big': {
      const max = Number(issue.maximum)
      return `must be at most ${max}${unit(issue.origin, max)}`
    }
    case 'invalid_value':
      return `must be one of ${issue.values.map(v => String(v)).join(', ')}`
    case 'invalid_format':
      return issue.format === 'url' ? 'must be an absolute URL (e.g. https://api.example.com)' : `is not a valid ${issue.format}`
    case 'invalid_type':
      return / received undefined$/.test(issue.message) ? 'is missing' : `must be ${KINDS[issue.expected] ?? `of type ${issue.expected}`}`
    case 'unrecognized_keys':
      return `has fields the console does not know (${issue.keys.join(', ')})`
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`
    default:
      return 'is not valid'
  }
}

/**
 * A request's validation problems in the user's words: each names its field in plain words ("path must not be
 * empty", "port must be at most 65535") and keeps the field's path for the form to put it next to that field. Never
 * a channel name, never a dotted schema path in the text.
 */
export function issuesInWords(issues: readonly z.core.$ZodIssue[]): IssueInWords[] {
  return issues.map(issue => ({
    path: issue.path.map(String).join('.'),
    message: `${fieldLabel(issue.path)} ${problem(issue)}`,
  }))
}
