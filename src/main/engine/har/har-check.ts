import { ConsoleError } from '../core/console-error'
import { checkHarEntry, type HarEntryIn, harDocumentEntries, MAX_ENTRIES } from './har-entry-schema'
import { sliceHar } from './har-slices'

/** An entry the import left out, and why (its JSON path). */
export interface SkippedEntry {
  index: number
  problem: string
}

/** A kept entry as checked, with its place in the file. */
export interface CheckedEntry {
  index: number
  data: HarEntryIn
}

/** A HAR whose entries are all checked: the counts, and the newest valid ones (at most `keep`) still to be read. */
interface CheckedHar {
  valid: number
  skipped: SkippedEntry[]
  /** The kept entries, oldest first, `size` at a time: each is parsed again from its own text only when its batch is. */
  batches(size: number): Iterable<CheckedEntry[]>
}

/**
 * Checks every entry of a HAR's text against HAR 1.2 and remembers where the newest `keep` valid ones are, without
 * building them: what is parsed to check one entry dies young, and entries the log would drop are never built. The
 * text is split without one long JSON.parse (sliceHar) where it can be. Refuses a document that is not a HAR, or one
 * of which no entry can be read, with a ConsoleError('invalid_request') naming the problem. `pause` is awaited before
 * each entry (a time slicer on the main thread; nothing in a worker). The same code runs in place and in the worker
 * of checkHarOffThread, so both say the same about the same file.
 */
export async function checkHarText(text: string, keep: number, pause: () => Promise<void> | undefined): Promise<CheckedHar> {
  const { entries: all, texts } = await documentEntries(text)
  const entryValue = texts ? parseEntryText : (raw: unknown) => raw
  await pause()
  // Where the last `keep` valid entries are (a ring): only indices are held.
  const kept: number[] = []
  let ringStart = 0
  let valid = 0
  const skipped: SkippedEntry[] = []
  for (let index = 0; index < all.length; index++) {
    await pause()
    const checked = checkHarEntry(entryValue(all[index]), index)
    if ('problem' in checked) {
      skipped.push({ index, problem: checked.problem })
      continue
    }
    valid++
    if (keep <= 0) continue
    if (kept.length < keep) kept.push(index)
    else {
      kept[ringStart] = index
      ringStart = (ringStart + 1) % kept.length
    }
  }
  if (valid === 0 && skipped.length > 0) {
    throw new ConsoleError(
      'invalid_request',
      `No entry of the HAR could be read: ${skipped
        .slice(0, 3)
        .map(s => s.problem)
        .join('; ')}.`,
      { details: { skipped: skipped.slice(0, 50) } },
    )
  }
  return {
    valid,
    skipped,
    *batches(size) {
      for (let k = 0; k < kept.length; k += size) {
        const batch: CheckedEntry[] = []
        for (let j = k; j < Math.min(k + size, kept.length); j++) {
          const index = kept[(ringStart + j) % kept.length] as number
          const checked = checkHarEntry(entryValue(all[index]), index)
          if ('data' in checked) batch.push({ index, data: checked.data })
        }
        yield batch
      }
    },
  }
}

/** An entry's JSON text (see documentEntries) parsed: a text that is not JSON refuses the whole file. */
function parseEntryText(raw: unknown): unknown {
  try {
    return JSON.parse(raw as string)
  } catch (error) {
    throw notJson(error)
  }
}

/**
 * The entries of a HAR's text, each still its own JSON text when the text could be split without parsing it whole
 * (sliceHar; the document around them is checked with them left out), else parsed whole (a small or odd document,
 * whose parse error then says precisely what is wrong).
 */
async function documentEntries(text: string): Promise<{ entries: unknown[]; texts: boolean }> {
  const sliced = await sliceHar(text)
  if (!sliced) {
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch (error) {
      throw notJson(error)
    }
    return { entries: harDocumentEntries(json), texts: false }
  }
  harDocumentEntries(withEntries(sliced.document, []))
  if (sliced.entries.length > MAX_ENTRIES) {
    throw new ConsoleError(
      'invalid_request',
      `The HAR holds ${sliced.entries.length} entries, more than the ${MAX_ENTRIES} the console opens.`,
      { hint: 'Save fewer entries, or split the file.' },
    )
  }
  return { entries: sliced.entries, texts: true }
}

function notJson(error: unknown): ConsoleError {
  return new ConsoleError('invalid_request', `The file is not JSON, so it is not a HAR: ${(error as Error).message}.`, {
    hint: 'Export the HAR again from the browser or tool (DevTools: Network → Export HAR).',
  })
}

/** The sliced document with its entries' texts put back where `log.entries` was (validated like parsed ones). */
function withEntries(document: unknown, entries: string[]): unknown {
  const log = (document as { log?: unknown }).log
  if (typeof log === 'object' && log !== null && !Array.isArray(log)) (log as { entries: unknown }).entries = entries
  return document
}
