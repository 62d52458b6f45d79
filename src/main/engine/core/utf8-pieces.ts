/** Characters of a text encoded per turn of the event loop (about 0.5 MB of UTF-8: a few milliseconds). */
const PIECE_CHARS = 512 * 1024

/**
 * A text as UTF-8 in pieces of their own memory, one piece per turn of the event loop: encoding (or handing a worker)
 * a text of tens of megabytes at once copies all of it into fresh memory in one task, a stall of its own. A piece never
 * ends between the two halves of a surrogate pair, so each piece is whole UTF-8 and the pieces joined are the text's
 * UTF-8. Each piece is an ArrayBuffer of exactly its bytes, so it can be moved to a worker. `check` runs before each
 * piece and once at the end (it may throw, to stop).
 */
export async function utf8Pieces(text: string, check: () => void = () => {}): Promise<ArrayBuffer[]> {
  const pieces: ArrayBuffer[] = []
  const encoder = new TextEncoder()
  for (let at = 0; at < text.length; ) {
    check()
    let end = Math.min(text.length, at + PIECE_CHARS)
    const last = text.charCodeAt(end - 1)
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--
    const bytes = encoder.encode(text.slice(at, end))
    pieces.push(bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength ? bytes.buffer : bytes.slice().buffer)
    at = end
    if (at < text.length) await new Promise<void>(resolve => setImmediate(resolve))
  }
  check()
  return pieces
}
