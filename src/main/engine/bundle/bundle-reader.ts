import { z } from 'zod'
import { BUNDLE_FORMAT, type BundleTimelineEntry, type ReproBundle } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import { sliceArray } from '../har/har-slices'

const bundleSchema = z.looseObject({
  format: z.literal(BUNDLE_FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  consoleVersion: z.string(),
  note: z.string(),
  environment: z.looseObject({ name: z.string(), baseUrl: z.string(), authUrl: z.string(), clientId: z.string() }).nullable(),
  clockSkew: z.unknown(),
  quotas: z.array(z.unknown()),
  tokens: z.looseObject({ access: z.unknown(), refresh: z.unknown() }),
  lifecycle: z.array(z.unknown()),
  har: z.looseObject({ log: z.looseObject({ entries: z.array(z.unknown()) }) }),
})

const HINT = 'Choose a file written by "Repro bundle" in the network log or by `walkthrough --bundle`.'
/** How long the entries' JSON check may hold the event loop before it yields a turn (ms). */
const SLICE_MS = 8

/** A bundle read without its entries as objects: each entry is parsed when it is taken, and then let go. */
export interface ReadBundle {
  /** The bundle with `har.log.entries` emptied (the entries are in `take`). */
  bundle: ReproBundle
  /** How many entries the bundle has. */
  count: number
  /** The HAR document with each entry still as its text (for the HAR document's own checks). */
  harWithTexts(): unknown
  /** Entry `index` parsed; the reader keeps nothing of it afterwards (each entry can be taken once). */
  take(index: number): unknown
}

/**
 * Reads a repro bundle's text (or a plain HAR's, wrapped as a bundle with nothing but its entries, noted "from a HAR
 * file") without one long `JSON.parse` of the whole and without holding every entry as objects: the entries are
 * sliced out as texts (the event loop gets a turn every few milliseconds), the rest is parsed and validated as
 * before, each entry's text is checked to be JSON up front (a broken file is refused before anything is replayed,
 * with the whole text's own JSON error), and each entry is parsed only when taken. Refuses what is not a bundle with
 * a ConsoleError('invalid_request') naming the problem, exactly as a whole parse did.
 */
export async function readBundle(text: string, plainHar?: { consoleVersion: string; now: Date }): Promise<ReadBundle> {
  const sliced = await sliceArray(text, plainHar ? ['log', 'entries'] : ['har', 'log', 'entries'])
  let json: unknown
  if (sliced) json = sliced.document
  else json = parseWhole(text, plainHar !== undefined)
  const texts: Array<string | null> | null = sliced ? sliced.entries : null
  if (texts) await checkJson(texts, text, plainHar !== undefined)
  const bundle = validate(plainHar ? wrapHar(json, plainHar) : json)
  const parsed: unknown[] | null = texts ? null : bundle.har.log.entries
  if (texts) bundle.har.log.entries = []
  const count = texts ? texts.length : (parsed as unknown[]).length
  return {
    bundle,
    count,
    harWithTexts: () => ({ ...bundle.har, log: { ...bundle.har.log, entries: texts ?? parsed } }),
    take(index) {
      const list = texts ?? (parsed as unknown[])
      const raw = list[index]
      list[index] = null
      return texts && typeof raw === 'string' ? JSON.parse(raw) : raw
    },
  }
}

/** What the read-only timeline shows of one entry, from its parsed (not yet validated) HAR object. */
export function timelineEntry(raw: unknown, index: number): BundleTimelineEntry {
  const e = (typeof raw === 'object' && raw !== null ? raw : {}) as {
    startedDateTime?: string
    time?: number
    request?: { method?: string; url?: string }
    response?: { status?: number; statusText?: string }
    _purpose?: unknown
  }
  return {
    index,
    startedAt: e.startedDateTime as string,
    method: e.request?.method ?? '?',
    url: e.request?.url ?? '',
    status: e.response?.status ?? 0,
    statusText: e.response?.statusText ?? '',
    ms: Math.round(e.time ?? 0),
    purpose: typeof e._purpose === 'string' ? e._purpose : 'api',
  }
}

function parseWhole(text: string, plainHar: boolean): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw notJson(error, plainHar)
  }
}

/** Every entry text must be JSON: the first that is not gets the whole text's own parse error, as a whole parse gave. */
async function checkJson(texts: Array<string | null>, text: string, plainHar: boolean): Promise<void> {
  let sliceStart = performance.now()
  for (const entry of texts) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise<void>(resolve => setImmediate(resolve))
      sliceStart = performance.now()
    }
    try {
      JSON.parse(entry as string)
    } catch (error) {
      parseWhole(text, plainHar)
      throw notJson(error, plainHar)
    }
  }
}

function notJson(error: unknown, plainHar: boolean): ConsoleError {
  const message = (error as Error).message
  if (plainHar) return new ConsoleError('invalid_request', `The file is neither a repro bundle nor a HAR: ${message}.`)
  return new ConsoleError('invalid_request', `This file is not a repro bundle: it is not JSON (${message}).`, { hint: HINT })
}

function validate(json: unknown): ReproBundle {
  const parsed = bundleSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ConsoleError(
      'invalid_request',
      `This file is not a repro bundle this console can read: ${issue?.path.join('.') || 'the document'} ${issue?.message ?? 'is invalid'}.`,
      { hint: HINT },
    )
  }
  return parsed.data as unknown as ReproBundle
}

/** A plain HAR (a merchant's export) as a bundle with nothing but its entries, so both replay the same way. */
function wrapHar(har: unknown, from: { consoleVersion: string; now: Date }): unknown {
  return {
    format: BUNDLE_FORMAT,
    version: 1,
    createdAt: from.now.toISOString(),
    consoleVersion: from.consoleVersion,
    note: 'from a HAR file',
    environment: null,
    clockSkew: null,
    quotas: [],
    tokens: { access: null, refresh: null },
    lifecycle: [],
    har,
  }
}
