import { ConsoleError } from './console-error'

/**
 * A file's UTF-8 read back into text a piece at a time (a streaming TextDecoder): the pieces need not end on a
 * character. Bytes that are not UTF-8 are refused, never replaced: `push` or `end` throws a
 * ConsoleError('invalid_request') naming the byte (counted from the file's start), so a file is read as it is or not
 * at all.
 */
export class Utf8Reader {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true })
  private readonly parts: string[] = []
  /** Bytes pushed before the current piece, and the previous piece's last bytes that began a character it did not end. */
  private before = 0
  private pending = new Uint8Array(0)

  constructor(private readonly what: string) {}

  push(bytes: Uint8Array): void {
    try {
      this.parts.push(this.decoder.decode(bytes, { stream: true }))
    } catch {
      throw this.refusal(bytes)
    }
    this.before += bytes.byteLength
    // A character begun in an earlier piece may still be open: look at the last three bytes of everything so far.
    const tail = bytes.byteLength >= 3 ? bytes.subarray(bytes.byteLength - 3) : joined(this.pending, bytes).subarray(-3)
    this.pending = tail.slice(tail.byteLength - pendingBytes(tail))
  }

  /** The whole text; throws when the file ends inside a character. */
  end(): string {
    try {
      this.parts.push(this.decoder.decode())
    } catch {
      throw this.refusal(new Uint8Array(0))
    }
    const text = this.parts.join('')
    this.parts.length = 0
    return text
  }

  private refusal(bytes: Uint8Array): ConsoleError {
    const at = this.before - this.pending.byteLength + firstInvalid(joined(this.pending, bytes))
    return new ConsoleError('invalid_request', `The ${this.what} is not UTF-8 text: byte ${at} starts no valid UTF-8 character.`, {
      hint: `Save the ${this.what} as UTF-8 (export it again), then open it again.`,
      details: { byte: at },
    })
  }
}

function joined(a: Uint8Array, b: Uint8Array): Uint8Array {
  const both = new Uint8Array(a.byteLength + b.byteLength)
  both.set(a)
  both.set(b, a.byteLength)
  return both
}

/** How many of a decoded piece's last bytes begin a character the piece does not end (0 to 3). */
function pendingBytes(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.byteLength); back++) {
    const b = bytes[bytes.byteLength - back] as number
    if ((b & 0xc0) === 0x80) continue
    const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1
    return length > back ? back : 0
  }
  return 0
}

/** Where the first byte that starts no valid character lies in `bytes` (which start on a character), else their length. */
function firstInvalid(bytes: Uint8Array): number {
  let at = 0
  while (at < bytes.length) {
    const length = characterLength(bytes, at)
    if (length === 0) return at
    at += length
  }
  return at
}

/** The length of the valid UTF-8 character at `at`, or 0 when none starts there (or it is cut off by the end). */
function characterLength(bytes: Uint8Array, at: number): number {
  const b = bytes[at] as number
  if (b < 0x80) return 1
  const [length, min, max] =
    b >= 0xc2 && b <= 0xdf
      ? [2, 0x80, 0xbf]
      : b === 0xe0
        ? [3, 0xa0, 0xbf]
        : b >= 0xe1 && b <= 0xec
          ? [3, 0x80, 0xbf]
          : b === 0xed
            ? [3, 0x80, 0x9f]
            : b >= 0xee && b <= 0xef
              ? [3, 0x80, 0xbf]
              : b === 0xf0
                ? [4, 0x90, 0xbf]
                : b >= 0xf1 && b <= 0xf3
                  ? [4, 0x80, 0xbf]
                  : b === 0xf4
                    ? [4, 0x80, 0x8f]
                    : [0, 0, 0]
  if (length === 0 || at + length > bytes.length) return 0
  const second = bytes[at + 1] as number
  if (second < min || second > max) return 0
  for (let k = 2; k < length; k++) if (((bytes[at + k] as number) & 0xc0) !== 0x80) return 0
  return length
}
