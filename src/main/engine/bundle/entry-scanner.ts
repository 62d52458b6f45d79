/** The most bytes a document may have outside its entries array (a bundle's note, environment, quotas, lifecycle). */
const MAX_REST_BYTES = 16 * 1024 * 1024
/** A key longer than this cannot be one of the path's keys: it is skipped, not kept. */
const MAX_KEY_BYTES = 256

/** A document scanned as a stream: everything but one array parsed, and where each element of the array lies. */
export interface ScannedDocument {
  /** The document with the array emptied (`[]`), parsed; or the whole document when it has no array at the path. */
  document: unknown
  /** Byte offsets of element `i`: from `bounds[2 * i]` up to (not including) `bounds[2 * i + 1]`. */
  bounds: number[]
  /** How many elements the array has (0 when there is none). */
  count: number
  /** Which of the paths the array was found at (-1: none). */
  path: number
}

/** The bytes are not JSON (or not one document): where, and the text around that place, as a person reads it. */
export class NotJsonError extends Error {}

/**
 * Reads a JSON document from a stream of byte chunks (never the whole text in one string) and finds the array at one
 * of `paths` (object keys from the root: `har.log.entries` of a repro bundle, `log.entries` of a HAR). Each element is
 * checked to be JSON as it completes and then let go: only its byte bounds are kept, so memory does not grow with
 * the elements' size (a caller reads one element again by its bounds when it needs it). The rest of the document is
 * kept as bytes (at most 16 MB) and parsed once at the end. Nothing of a chunk is kept once the next is asked for
 * (the source may reuse its memory). Throws NotJsonError, naming the byte and the text around
 * it, when the bytes are not one JSON document, when an element is not JSON, or when a second array appears at one of the paths
 * (two readers would disagree on which one holds the entries).
 */
export async function scanDocument(chunks: AsyncIterable<Uint8Array>, paths: ReadonlyArray<readonly string[]>): Promise<ScannedDocument> {
  const s = new Scanner(paths)
  for await (const chunk of chunks) s.feed(chunk)
  return s.finish()
}

interface Container {
  array: boolean
  /** For an object: the last key read, when it was short enough to be one of the path's (else null). */
  key: string | null
}

class Scanner {
  private readonly stack: Container[] = []
  private readonly rest: Uint8Array[] = []
  private restBytes = 0
  private readonly bounds: number[] = []
  /** Pieces of the element being read (it may span chunks), checked to be JSON when it ends. */
  private element: Uint8Array[] = []
  private elementStart = -1
  private arrayDepth = -1
  private arrayDone = false
  private afterComma = false
  private inString = false
  private escaped = false
  private expectKey = false
  private key: number[] | null = null
  private keyTooLong = false
  private offset = 0
  private sawValue = false
  private readonly around: number[] = []
  private readonly keyDepth: number
  private matched = -1

  constructor(private readonly paths: ReadonlyArray<readonly string[]>) {
    this.keyDepth = Math.max(...paths.map(p => p.length))
  }

  feed(chunk: Uint8Array): void {
    // `restFrom`: where the bytes of this chunk that belong to the document's rest begin (-1: inside the array).
    let restFrom = this.inArray() ? -1 : 0
    let elementFrom = this.elementStart >= 0 ? 0 : -1
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i] as number
      if (this.inString) {
        if (this.key && !this.keyTooLong) {
          if (this.key.length >= MAX_KEY_BYTES) this.keyTooLong = true
          else if (this.escaped || c !== 0x22) this.key.push(c)
        }
        if (this.escaped) this.escaped = false
        else if (c === 0x5c) this.escaped = true
        else if (c === 0x22) this.endString()
        continue
      }
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue
      if (this.stack.length === 0 && this.sawValue && c !== 0x7d && c !== 0x5d) this.fail(chunk, i, 'more than one JSON value')
      const atElements = this.stack.length === this.arrayDepth && !this.arrayDone
      if (atElements && this.elementStart < 0 && c !== 0x5d && c !== 0x2c) {
        this.elementStart = this.offset + i
        elementFrom = i
        this.afterComma = false
      }
      if (c === 0x22) {
        this.inString = true
        if (this.expectKey && this.top()?.array === false) {
          this.key = this.stack.length <= this.keyDepth ? [] : null
          this.keyTooLong = false
        }
      } else if (c === 0x7b || c === 0x5b) {
        const array = c === 0x5b
        this.stack.push({ array, key: null })
        this.expectKey = !array
        const at = array ? this.pathOfArray() : -1
        if (at >= 0) {
          if (this.arrayDepth !== -1) this.fail(chunk, i, `a second "${this.paths[at]?.join('.')}" array`)
          this.arrayDepth = this.stack.length
          this.matched = at
          this.keepRest(chunk, restFrom, i)
          this.keepRest(new Uint8Array([0x5b]), 0, 1)
          restFrom = -1
        }
      } else if (c === 0x7d || c === 0x5d) {
        if (atElements && c === 0x5d) {
          if (this.afterComma && this.elementStart < 0) this.fail(chunk, i, 'a comma before "]"')
          if (this.elementStart >= 0) this.endElement(chunk, elementFrom, i)
          elementFrom = -1
          this.arrayDone = true
          restFrom = i
        }
        if (this.stack.length === 0 || this.top()?.array !== (c === 0x5d)) this.fail(chunk, i, 'a bracket that closes nothing open')
        this.stack.pop()
        this.expectKey = false
        if (this.stack.length === 0) this.sawValue = true
      } else if (c === 0x2c) {
        if (atElements) {
          if (this.elementStart < 0) this.fail(chunk, i, 'an empty element')
          this.endElement(chunk, elementFrom, i)
          elementFrom = -1
          this.afterComma = true
        }
        this.expectKey = this.top()?.array === false
      }
    }
    // Copied: the caller may reuse the chunk's memory for the next one.
    if (this.elementStart >= 0 && elementFrom >= 0) this.element.push(Buffer.from(chunk.subarray(elementFrom)))
    if (restFrom >= 0) this.keepRest(chunk, restFrom, chunk.length)
    this.remember(chunk)
    this.offset += chunk.length
  }

  finish(): ScannedDocument {
    if (this.inString || this.stack.length > 0) this.fail(new Uint8Array(0), 0, 'the end of the file before the document closes')
    const text = Buffer.concat(this.rest).toString('utf8')
    let document: unknown
    try {
      document = JSON.parse(text)
    } catch (error) {
      throw new NotJsonError((error as Error).message)
    }
    return { document, bounds: this.bounds, count: this.bounds.length / 2, path: this.matched }
  }

  private inArray(): boolean {
    return this.arrayDepth !== -1 && !this.arrayDone
  }

  private top(): Container | undefined {
    return this.stack[this.stack.length - 1]
  }

  /** Which path the array just opened is at (each enclosing object at the path's key, at its depth), or -1. */
  private pathOfArray(): number {
    return this.paths.findIndex(
      path =>
        this.stack.length === path.length + 1 &&
        path.every((key, j) => {
          const c = this.stack[j]
          return c !== undefined && !c.array && c.key === key
        }),
    )
  }

  private endString(): void {
    this.inString = false
    const top = this.top()
    if (this.expectKey && top && !top.array) {
      top.key = null
      if (this.key && !this.keyTooLong) {
        try {
          top.key = JSON.parse(`"${Buffer.from(this.key).toString('utf8')}"`) as string
        } catch {
          top.key = null
        }
      }
      this.key = null
      this.expectKey = false
    } else if (this.stack.length === 0) {
      this.sawValue = true
    }
  }

  private endElement(chunk: Uint8Array, from: number, to: number): void {
    if (from >= 0) this.element.push(chunk.subarray(from, to))
    const text = Buffer.concat(this.element).toString('utf8')
    try {
      JSON.parse(text)
    } catch (error) {
      throw new NotJsonError(`entry ${this.bounds.length / 2} is not JSON (${(error as Error).message})`)
    }
    this.bounds.push(this.elementStart, this.offset + to)
    this.element = []
    this.elementStart = -1
  }

  private keepRest(chunk: Uint8Array, from: number, to: number): void {
    if (from < 0 || to <= from) return
    this.restBytes += to - from
    if (this.restBytes > MAX_REST_BYTES) {
      throw new NotJsonError(`its parts other than its entries exceed ${MAX_REST_BYTES / 1024 / 1024} MB`)
    }
    this.rest.push(Buffer.from(chunk.subarray(from, to)))
  }

  /** The last bytes seen, for the text around a place that is not JSON. */
  private remember(chunk: Uint8Array): void {
    for (const b of chunk.subarray(Math.max(0, chunk.length - 40))) this.around.push(b)
    if (this.around.length > 40) this.around.splice(0, this.around.length - 40)
  }

  private fail(chunk: Uint8Array, i: number, what: string): never {
    const before = Buffer.concat([Buffer.from(this.around), chunk.subarray(Math.max(0, i - 40), i)]).subarray(-40)
    const after = Buffer.from(chunk.subarray(i, i + 40))
    const near = `${before.toString('utf8')}${after.toString('utf8')}`
    throw new NotJsonError(`${what} at byte ${this.offset + i}, near “${near}”`)
  }
}
