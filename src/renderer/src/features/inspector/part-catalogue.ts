import type { CanonicalPartName } from '../../../../shared/contract'

/** How the inspector names and explains each part of the docs/api.md#hmac-signature canonical string. */
interface PartInfo {
  name: CanonicalPartName
  label: string
  /** The part's rule of docs/api.md#hmac-signature in one sentence. */
  rule: string
  /** CSS class giving the part its colour in every view (text, escaped, hex, table). */
  className: string
}

/** The five parts in canonical order (copied from the contract's type, checked by `satisfies`). */
const PART_CATALOGUE = [
  {
    name: 'client_id',
    label: 'client_id',
    rule: 'The client’s public id, exactly as sent in x-access-key.',
    className: 'part part--client_id',
  },
  {
    name: 'method',
    label: 'METHOD',
    rule: 'The HTTP method in uppercase (GET, POST).',
    className: 'part part--method',
  },
  {
    name: 'path',
    label: 'path',
    rule: 'The request path in lowercase, without scheme, host or query string.',
    className: 'part part--path',
  },
  {
    name: 'body',
    label: 'body',
    rule: 'The body byte for byte as sent, or the empty string when there is none (never "null").',
    className: 'part part--body',
  },
  {
    name: 'timestamp',
    label: 'timestamp',
    rule: 'The same whole Unix seconds as x-timestamp; the signature lives 10 s after it.',
    className: 'part part--timestamp',
  },
] as const satisfies readonly PartInfo[]

/** The catalogue entry of a part (every contract part name has one). */
export function partInfo(name: CanonicalPartName): PartInfo {
  return PART_CATALOGUE.find(p => p.name === name) ?? PART_CATALOGUE[0]
}

/** "the engine's rule" → "The engine's rule." : the engine gives a fragment; the table shows a sentence. */
export function asSentence(fragment: string, capitalise = true): string {
  const text = fragment.trim()
  if (text === '') return text
  const start = capitalise ? text[0]!.toUpperCase() + text.slice(1) : text
  return /[.!?]$/.test(start) ? start : `${start}.`
}
