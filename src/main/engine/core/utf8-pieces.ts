import type { FileText } from '../../../shared/contract'

/** Characters of a text encoded per piece (about 0.5 MB of UTF-8: a few milliseconds). */
const PIECE_CHARS = 512 * 1024
/** Bytes per piece of a file's bytes (views, never copies). */
const PIECE_BYTES = 1024 * 1024

/**
 * A file's content (FileText) as UTF-8 pieces, each made only when asked for, so a caller that takes one per turn of
 * the event loop never encodes, copies or joins tens of megabytes in one task. A string is encoded PIECE_CHARS at a
 * time into memory of the piece's own (never between the two halves of a surrogate pair, so each piece is whole
 * UTF-8); bytes are handed out as they are, a large array as views of at most PIECE_BYTES (not copied). The pieces
 * joined are exactly the content's UTF-8 bytes.
 */
export function* utf8Pieces(source: FileText): Generator<Uint8Array> {
  if (typeof source === 'string') {
    const encoder = new TextEncoder()
    for (let at = 0; at < source.length; ) {
      let end = Math.min(source.length, at + PIECE_CHARS)
      const last = source.charCodeAt(end - 1)
      if (end < source.length && last >= 0xd800 && last <= 0xdbff) end--
      yield encoder.encode(source.slice(at, end))
      at = end
    }
    return
  }
  for (const bytes of Array.isArray(source) ? source : [source]) {
    for (let at = 0; at < bytes.byteLength; at += PIECE_BYTES) {
      yield at === 0 && bytes.byteLength <= PIECE_BYTES ? bytes : bytes.subarray(at, at + PIECE_BYTES)
    }
  }
}

/** A turn of the event loop: what runs between two pieces. */
export function nextTurn(): Promise<void> {
  return new Promise(resolve => setImmediate(resolve))
}
